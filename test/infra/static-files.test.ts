/**
 * The local server of the built SPA (infra/local/static-files.ts), which `npm start`, the e2e journeys and the bench
 * use: the same routing as the CloudFront function (cdk-app.test.ts), pre-rendered pages included, the same
 * cache-control, and compression as CloudFront applies it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prerenderedFile, serveStatic } from '../../infra/local/static-files.ts'

const dist = mkdtempSync(join(tmpdir(), 'gs-static-'))
const big = `console.log(${JSON.stringify('x'.repeat(5000))})`
let server: Server
let base: string

beforeAll(async () => {
  for (const dir of ['assets', 'prerendered/login', 'prerendered/shipping-policy', '.site-kit/chunks']) mkdirSync(join(dist, dir), { recursive: true })
  writeFileSync(join(dist, '.site-kit/renderer.mjs'), 'export {}')
  writeFileSync(join(dist, '.site-kit/site.json'), '{}')
  writeFileSync(join(dist, 'index.html'), 'shell')
  writeFileSync(join(dist, 'prerendered/index.html'), 'landing page')
  writeFileSync(join(dist, 'prerendered/login/index.html'), 'login page')
  writeFileSync(join(dist, 'prerendered/shipping-policy/index.html'), 'shipping page')
  writeFileSync(join(dist, 'assets/index-abc.js'), big)
  server = createServer((req, res) => serveStatic(dist, req, res, { 'x-test': '1' }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dist, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } })

describe('serveStatic (infra/local/static-files.ts)', () => {
  it('names the pre-rendered file of a path as the build writes it', () => {
    expect(prerenderedFile('/')).toBe('prerendered/index.html')
    expect(prerenderedFile('/login')).toBe('prerendered/login/index.html')
    expect(prerenderedFile('/login/')).toBe('prerendered/login/index.html')
    expect(prerenderedFile('/a.b')).toBeNull()
  })

  it('serves pre-rendered pages from their files and the shell to every other client route, as HTML that is not cached', async () => {
    for (const [path, body] of [
      ['/', 'landing page'],
      ['/login', 'login page'],
      ['/login/', 'login page'],
      ['/shipping-policy', 'shipping page'],
      ['/dashboard', 'shell'],
      ['/admin/customers', 'shell'],
      ['/login/extra', 'shell'],
      ['/index', 'shell'],
      ['/prerendered', 'shell'],
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toBe(body)
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      expect(res.headers.get('x-test'), path).toBe('1')
    }
    expect((await get('/missing.js')).status).toBe(404)
  })

  it('never serves the site kit (the deployment leaves it out of the bucket too)', async () => {
    for (const path of ['/.site-kit/renderer.mjs', '/.site-kit/site.json', '/.site-kit/', '/.site-kit', '/assets/../.site-kit/site.json', '/%2Esite-kit/site.json']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).toBe('Not found')
    }
  })

  it('compresses text files for browsers that accept it (brotli first, then gzip), assets immutable', async () => {
    const br = await fetch(`${base}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip, br' } })
    // fetch decodes the body itself: the header and the length tell what travelled.
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('accept-encoding')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Number(br.headers.get('content-length'))).toBeLessThan(big.length / 10)
    expect(await br.text()).toBe(big)
    const gz = await fetch(`${base}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(await gz.text()).toBe(big)
    const plain = await get('/assets/index-abc.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(big)
    // Tiny files go as they are (CloudFront compresses from 1,000 bytes).
    expect((await get('/login', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull()
  })
})
