/** The bench's own pieces (scripts/lib): percentiles, the SPA's initial assets per route, a bundle's graph, the cold-start bench's stub and events. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import { inputsOf, outputOf, staticClosure, staticReach } from '../../scripts/lib/bench-graph.ts'
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

describe('the Lighthouse rows', () => {
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

describe("a bundle's graph from esbuild's metafile (scripts/lib/bench-graph.ts)", () => {
  // index.mjs imports a shared chunk and, on first use, the chunks of two routes; route a imports a chunk it shares with b.
  const meta = {
    inputs: {
      'entry.ts': { bytes: 1, imports: [{ path: 'lib/http.ts', kind: 'import-statement' }, { path: 'routes/a.ts', kind: 'dynamic-import' }, { path: 'routes/b.ts', kind: 'dynamic-import' }] },
      'lib/http.ts': { bytes: 1, imports: [{ path: 'node_modules/pkg/index.js', kind: 'require-call' }] },
      'node_modules/pkg/index.js': { bytes: 1, imports: [] },
      'routes/a.ts': { bytes: 1, imports: [{ path: 'lib/orders.ts', kind: 'import-statement' }] },
      'routes/b.ts': { bytes: 1, imports: [{ path: 'lib/orders.ts', kind: 'import-statement' }, { path: 'lib/only-b.ts', kind: 'import-statement' }] },
      'lib/orders.ts': { bytes: 1, imports: [] },
      'lib/only-b.ts': { bytes: 1, imports: [] },
    },
    outputs: {
      'out/index.mjs': { bytes: 1, entryPoint: 'entry.ts', inputs: { 'entry.ts': { bytesInOutput: 1 } }, imports: [{ path: 'out/chunks/SHARED.mjs', kind: 'import-statement' }, { path: 'out/chunks/A.mjs', kind: 'dynamic-import' }, { path: 'out/chunks/B.mjs', kind: 'dynamic-import' }], exports: [] },
      'out/chunks/SHARED.mjs': { bytes: 1, inputs: { 'lib/http.ts': { bytesInOutput: 1 }, 'node_modules/pkg/index.js': { bytesInOutput: 1 } }, imports: [{ path: '@aws-sdk/client-x', kind: 'import-statement', external: true }], exports: [] },
      'out/chunks/A.mjs': { bytes: 1, entryPoint: 'routes/a.ts', inputs: { 'routes/a.ts': { bytesInOutput: 1 } }, imports: [{ path: 'out/chunks/ORDERS.mjs', kind: 'import-statement' }], exports: [] },
      'out/chunks/B.mjs': { bytes: 1, entryPoint: 'routes/b.ts', inputs: { 'routes/b.ts': { bytesInOutput: 1 }, 'lib/only-b.ts': { bytesInOutput: 1 } }, imports: [{ path: 'out/chunks/ORDERS.mjs', kind: 'import-statement' }], exports: [] },
      'out/chunks/ORDERS.mjs': { bytes: 1, inputs: { 'lib/orders.ts': { bytesInOutput: 1 } }, imports: [], exports: [] },
      'out/index.mjs.map': { bytes: 1, inputs: {}, imports: [], exports: [] },
    },
  } as unknown as Metafile

  it('follows static imports only, and not into externals', () => {
    expect([...staticClosure(meta, 'out/index.mjs')].sort()).toEqual(['out/chunks/SHARED.mjs', 'out/index.mjs'])
    expect([...staticClosure(meta, 'out/chunks/A.mjs')].sort()).toEqual(['out/chunks/A.mjs', 'out/chunks/ORDERS.mjs'])
    expect(() => staticClosure(meta, 'out/missing.mjs')).toThrow('not an output')
  })

  it("names the sources in outputs, a module's chunk, and what a source imports statically (require included)", () => {
    expect([...inputsOf(meta, staticClosure(meta, 'out/chunks/B.mjs'))].sort()).toEqual(['lib/only-b.ts', 'lib/orders.ts', 'routes/b.ts'])
    expect(outputOf(meta, 'routes/b.ts')).toBe('out/chunks/B.mjs')
    expect(outputOf(meta, 'lib/orders.ts')).toBeUndefined()
    expect([...staticReach(meta, 'entry.ts')].sort()).toEqual(['entry.ts', 'lib/http.ts', 'node_modules/pkg/index.js'])
    expect([...staticReach(meta, 'routes/a.ts')].sort()).toEqual(['lib/orders.ts', 'routes/a.ts'])
  })
})

describe("the cold-start bench's stub of SES, SNS, S3, CloudFront and Stripe (scripts/lib/bench-service-stub.ts)", () => {
  it('answers each SDK as the service would, reached through the endpoint settings the functions run with', { timeout: 30_000 }, async () => {
    const { startServiceStub } = await import('../../scripts/lib/bench-service-stub.ts')
    const stub = await startServiceStub()
    const saved = { ...process.env }
    Object.assign(process.env, stub.awsEndpointEnv, { AWS_ACCESS_KEY_ID: 'bench', AWS_SECRET_ACCESS_KEY: 'bench', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' })
    try {
      const region = 'us-east-1'
      const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2')
      const { SNSClient, PublishCommand } = await import('@aws-sdk/client-sns')
      const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3')
      const { CloudFrontClient, CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront')
      const email = await new SESv2Client({ region }).send(new SendEmailCommand({ FromEmailAddress: 'a@example.com', Destination: { ToAddresses: ['b@example.com'] }, Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } } }))
      expect(email.MessageId).toBe('bench-email')
      expect((await new SNSClient({ region }).send(new PublishCommand({ PhoneNumber: '+15550100000', Message: 'hi' }))).MessageId).toBe('bench-sms')
      await new S3Client({ region }).send(new PutObjectCommand({ Bucket: 'bench-site', Key: 'prerendered/index.html', Body: '<p>', ContentType: 'text/html' }))
      const inv = await new CloudFrontClient({ region }).send(new CreateInvalidationCommand({ DistributionId: 'EBENCH', InvalidationBatch: { CallerReference: 'r', Paths: { Quantity: 1, Items: ['/*'] } } }))
      expect(inv.Invalidation?.Status).toBe('InProgress')

      const { default: Stripe } = await import('stripe')
      const url = new URL(stub.stripeEnv.STRIPE_API_BASE)
      const stripe = new Stripe(stub.stripeEnv.STRIPE_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http' })
      const created = await stripe.paymentIntents.create({ amount: 1234, currency: 'usd', metadata: { orderId: 'o1' } })
      expect(created).toMatchObject({ amount: 1234, status: 'requires_payment_method', metadata: { orderId: 'o1' } })
      expect(created.client_secret).toMatch(/_secret_/)
      // A created intent is reported paid in full when retrieved (the webhook's check of a success); an unknown one is missing.
      expect(await stripe.paymentIntents.retrieve(created.id, { expand: ['latest_charge'] })).toMatchObject({ status: 'succeeded', amount_received: 1234, currency: 'usd' })
      await expect(stripe.paymentIntents.retrieve('pi_unknown')).rejects.toMatchObject({ code: 'resource_missing' })
      // The reconciliation's list of the charges paid in its window: none in the bench.
      expect((await stripe.charges.list({ created: { gte: 0 }, limit: 100 })).data).toEqual([])
      expect(stub.calls.map((c) => c.service)).toEqual(['sesv2', 'sns', 's3', 'cloudfront', 'stripe', 'stripe', 'stripe', 'stripe'])
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
      Object.assign(process.env, saved)
      await stub.close()
    }
  })
})

describe('the events of the cold-start bench (scripts/lib/bench-cold-requests.ts)', () => {
  it("an API Gateway (payload 2.0) event for a route: its key, path parameters, query, JSON body and the authorizer's claims", async () => {
    const { apiEvent, callerOf, ORIGIN_VERIFY } = await import('../../scripts/lib/bench-cold-requests.ts')
    const { routes } = await import('../../functions/routes.ts')
    const route = routes.find((r) => r.method === 'POST' && r.path === '/api/admin/book/{orderId}/corrections')!
    const token = `x.${Buffer.from(JSON.stringify({ sub: 'u1', 'cognito:groups': ['admin'], token_use: 'access' })).toString('base64url')}.y`
    const caller = callerOf(token)
    expect(caller).toMatchObject({ userId: 'u1', claims: { sub: 'u1', 'cognito:groups': '[admin]', token_use: 'access' } })
    const e = apiEvent(route, { path: '/api/admin/book/o-1/corrections?x=1', claims: caller.claims, body: { version: 2 } }) as any
    expect(e).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/admin/book/{orderId}/corrections',
      rawPath: '/api/admin/book/o-1/corrections',
      rawQueryString: 'x=1',
      queryStringParameters: { x: '1' },
      pathParameters: { orderId: 'o-1' },
      body: '{"version":2}',
      isBase64Encoded: false,
      headers: { 'x-origin-verify': ORIGIN_VERIFY },
      requestContext: { http: { method: 'POST', path: '/api/admin/book/o-1/corrections' }, authorizer: { jwt: { claims: caller.claims } } },
    })
    expect(() => apiEvent(route, { path: '/api/orders' })).toThrow('is not a path of')
  })

  it('holds every function to 1.25× the reference at the median, over 10 runs', async () => {
    const { COLD_RUNS, COLD_START_BUDGET } = await import('../../scripts/lib/bench-bundles.ts')
    expect({ COLD_RUNS, COLD_START_BUDGET }).toEqual({ COLD_RUNS: 10, COLD_START_BUDGET: 1.25 })
  })
})
