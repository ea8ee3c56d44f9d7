/** The bench's own arithmetic (scripts/lib): percentiles and the SPA's initial assets per route. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { median, percentile } from '../../scripts/lib/bench-stats.ts'
import { LIGHTHOUSE_BUDGET, medianScores, withinBudget } from '../../scripts/lib/bench-lighthouse.ts'
import { initialAssets, routeEntries, type Manifest } from '../../scripts/lib/spa-chunks.ts'

describe('bench statistics', () => {
  it('median and nearest-rank p95', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i) // 100..1, unsorted
    expect(median(xs)).toBe(50)
    expect(percentile(xs, 95)).toBe(95)
    expect(percentile([7], 95)).toBe(7)
    expect(median([3, 1, 2])).toBe(2)
    expect(Number.isNaN(median([]))).toBe(true)
  })
})

describe('SPA initial assets of a route', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-spa-chunks-'))
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))
  const files: Record<string, string> = {
    'a/entry.js': 'entry'.repeat(50),
    'a/shared.js': 'shared'.repeat(40),
    'a/route.js': 'route'.repeat(30),
    'a/lazy.js': 'lazy'.repeat(500),
    'a/entry.css': 'body{}'.repeat(20),
    'a/route.css': '.r{}'.repeat(10),
    'theme-init.js': 'theme',
  }
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, f)), { recursive: true })
    fs.writeFileSync(path.join(dist, f), text)
  }
  const manifest: Manifest = {
    'index.html': { file: 'a/entry.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/app/routes/x.tsx', 'src/features/other.ts'], css: ['a/entry.css'] },
    '_shared.js': { file: 'a/shared.js' },
    'src/app/routes/x.tsx': { file: 'a/route.js', isDynamicEntry: true, imports: ['_shared.js'], dynamicImports: ['src/lazy.ts'], css: ['a/route.css'] },
    'src/lazy.ts': { file: 'a/lazy.js', isDynamicEntry: true },
  }
  const gz = (f: string) => gzipSync(fs.readFileSync(path.join(dist, f))).byteLength

  it('lists the router routes only', () => {
    expect(routeEntries(manifest)).toEqual(['src/app/routes/x.tsx'])
  })

  it('counts the entry, the route and their static imports once, plus the theme script, and leaves lazy chunks out', () => {
    const a = initialAssets(manifest, 'src/app/routes/x.tsx', dist)
    expect(a.js.sort()).toEqual(['a/entry.js', 'a/route.js', 'a/shared.js', 'theme-init.js'])
    expect(a.css.sort()).toEqual(['a/entry.css', 'a/route.css'])
    expect(a.jsGzipBytes).toBe(gz('a/entry.js') + gz('a/shared.js') + gz('a/route.js') + gz('theme-init.js'))
    expect(a.cssGzipBytes).toBe(gz('a/entry.css') + gz('a/route.css'))
  })

  it('fails loudly on a chunk the manifest does not have', () => {
    expect(() => initialAssets(manifest, 'src/app/routes/missing.tsx', dist)).toThrow(/no chunk src\/app\/routes\/missing.tsx/)
  })
})

describe('the Lighthouse rows (issue 19)', () => {
  it('report the median of each score over the runs, each category on its own', () => {
    const r = medianScores('/', 'http://x/', [
      { performance: 71, accessibility: 100, bestPractices: 96 },
      { performance: 93, accessibility: 98, bestPractices: 100 },
      { performance: 88, accessibility: 100, bestPractices: 100 },
    ])
    expect(r).toMatchObject({ path: '/', performance: 88, accessibility: 100, bestPractices: 100 })
    expect(r.runs).toHaveLength(3)
  })

  it('hold each score to its budget: ≥ 95 performance, 100 accessibility and best practices', () => {
    expect(LIGHTHOUSE_BUDGET).toEqual({ performance: 95, accessibility: 100, bestPractices: 100 })
    expect(withinBudget({ performance: 95, accessibility: 100, bestPractices: 100 }).all).toBe(true)
    expect(withinBudget({ performance: 94, accessibility: 100, bestPractices: 100 })).toMatchObject({ performance: false, all: false })
    expect(withinBudget({ performance: 99, accessibility: 98, bestPractices: 100 })).toMatchObject({ accessibility: false, all: false })
  })
})

describe("the bench's HTTP client (scripts/lib/bench-http.ts)", () => {
  it('reads framed answers on one kept-alive connection, reconnects after the server closes it, and refuses an unframed one', async () => {
    const http = await import('node:http')
    const { BenchHttpClient } = await import('../../scripts/lib/bench-http.ts')
    const sockets = new Set<unknown>()
    const server = http.createServer((req, res) => {
      sockets.add(req.socket)
      if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'text/plain' })
        return res.end('no length')
      }
      const body = JSON.stringify({ path: req.url, auth: req.headers.authorization, text: 'é'.repeat(3) })
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      res.end(body)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const client = new BenchHttpClient(new URL(`http://localhost:${(server.address() as { port: number }).port}`))
    try {
      const first = await client.get('/a?x=1', { authorization: 'Bearer t' })
      expect(first.status).toBe(200)
      expect(JSON.parse(first.body)).toEqual({ path: '/a?x=1', auth: 'Bearer t', text: 'ééé' })
      expect((await client.get('/missing')).status).toBe(404)
      expect(sockets.size).toBe(1)
      server.closeIdleConnections()
      await new Promise((r) => setTimeout(r, 50))
      expect(JSON.parse((await client.get('/b')).body).path).toBe('/b')
      expect(sockets.size).toBe(2)
      await expect(client.get('/chunked')).rejects.toThrow('without a Content-Length')
    } finally {
      client.close()
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  })
})
