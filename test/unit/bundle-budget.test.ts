/**
 * The Lambda bundles as a deploy builds them (infra/constructs/lambda-bundle.ts: the same entries and esbuild
 * options; the real `cdk synth` is checked in test/infra): what each carries and what it leaves to a chunk loaded
 * on first use. Only what the build decides is checked here, deterministically; how long a cold start takes is
 * `npm run bench`'s (each function against a reference function, scripts/lib/bench-bundles.ts), never asserted.
 *
 * Each route module is a chunk of its own that the function imports on the route's first request: a cold start
 * loads the shared stack and one route's code, and a route's cold path does not grow when other routes are added.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupEntrySource } from '../../functions/lib/group-entry.ts'
import { deployedRoutesFor, functionGroups } from '../../functions/routes.ts'
import { buildBundles, bundleLambda, writeGroupEntry, type BuiltBundle } from '../../infra/constructs/lambda-bundle.ts'
import { hasRouteCase } from '../../scripts/lib/bench-cold-requests.ts'
import { inputsOf, outputOf, staticClosure, staticReach } from '../../scripts/lib/bench-graph.ts'

const root = path.resolve(import.meta.dirname, '../..')
const outDir = fs.mkdtempSync(path.join(root, 'node_modules', '.bundle-budget-'))
let built: BuiltBundle[] = []

beforeAll(() => {
  built = buildBundles({ outDir })
}, 120_000)
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }))

const bundle = (group: string) => built.find((b) => b.group === group)!
const coldPackages = (b: BuiltBundle) => Object.entries(b.packagesByFile).filter(([file]) => !b.chunks.some((c) => c.lazy && c.file === file)).flatMap(([, p]) => p)
const lazyPackages = (b: BuiltBundle) => b.chunks.filter((c) => c.lazy).flatMap((c) => b.packagesByFile[c.file])

describe('Lambda bundles', () => {
  it('builds every function: the three API groups, the Cognito trigger, the reconciliation, the notifier, the digest sender and the site publisher', () => {
    expect(built.map((b) => b.group)).toEqual([...functionGroups, 'post-confirmation', 'reconcile', 'notifier', 'notify-digests', 'site-publisher'])
  })

  it('loads the Stripe SDK lazily (cards, refunds and cancellations only), and no middy secrets middleware', () => {
    for (const b of built) expect(coldPackages(b), b.group).not.toContain('stripe')
    for (const g of ['api-customer', 'api-admin', 'stripe-webhook'] as const) expect(lazyPackages(bundle(g)), g).toContain('stripe')
    // The sign-up trigger takes its repository from the composition root (functions/compose.ts), whose factories are
    // dynamic imports: their chunks, the card provider's among them, ship in every function that imports it, loaded
    // only by a call (none at a cold start, above; the trigger makes none).
    expect(lazyPackages(bundle('reconcile'))).toContain('stripe')
    for (const b of built) expect(coldPackages(b).concat(lazyPackages(b)), b.group).not.toContain('@middy/secrets-manager')
  })

  it('the API functions load the S3 SDK and its presigners (condition photos) only on a photo route\'s first request', () => {
    for (const g of ['api-customer', 'api-admin'] as const) {
      expect(coldPackages(bundle(g)).filter((p) => /@aws-sdk\/(client-s3|s3-)/.test(p)), g).toEqual([])
      expect(lazyPackages(bundle(g)), g).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']))
    }
    expect(lazyPackages(bundle('api-admin'))).toContain('@aws-sdk/s3-presigned-post')
  })

  it('the notifier and the digest sender load nodemailer (the local SMTP transport) only on first use: never in AWS', () => {
    const senders = ['notifier', 'notify-digests']
    for (const g of senders) {
      expect(coldPackages(bundle(g)), g).not.toContain('nodemailer')
      expect(lazyPackages(bundle(g)), g).toContain('nodemailer')
    }
    for (const b of built.filter((b) => !senders.includes(b.group))) expect(coldPackages(b).concat(lazyPackages(b)), b.group).not.toContain('nodemailer')
  })

  it('the webhook function carries no zod, and only the admin function the Cognito admin code', () => {
    const all = (b: BuiltBundle) => coldPackages(b).concat(lazyPackages(b))
    expect(all(bundle('stripe-webhook'))).not.toContain('zod')
    for (const g of ['api-customer', 'stripe-webhook', 'post-confirmation']) expect(all(bundle(g)), g).not.toContain('functions/api/admin/customers/*')
  })

  it("npm run bench has a first request for each API function's heaviest route (its cold start is that route's)", () => {
    for (const g of functionGroups) {
      const route = bundle(g).heaviestRoute?.replace(/^functions\//, '').replace(/\.ts$/, '')
      expect(route, g).toBeTruthy()
      // When this fails, a code change made another route the heaviest: add its request to ROUTE_REQUESTS in scripts/lib/bench-cold-requests.ts.
      expect(hasRouteCase(route!), `${g}: ${route}`).toBe(true)
    }
  })

  it('every handler loads in a fresh Node; the Stripe chunk loads on its own', { timeout: 60_000 }, () => {
    const script = `
      const [handlerUrl, stripeUrl] = process.argv.slice(1)
      const { handler } = await import(handlerUrl)
      if (typeof handler !== 'function') throw new Error('no handler export')
      if (stripeUrl) { const m = await import(stripeUrl); if (typeof (m.default ?? m.Stripe ?? Object.values(m).find((v) => typeof v === 'function')) !== 'function') throw new Error('no Stripe export') }
      console.log('ok')`
    for (const b of built) {
      const stripeChunk = b.chunks.find((c) => c.lazy && b.packagesByFile[c.file].includes('stripe'))
      const args = [pathToFileURL(b.entryFile).href, ...(stripeChunk ? [pathToFileURL(path.join(path.dirname(b.entryFile), stripeChunk.file)).href] : [])]
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...args], {
        encoding: 'utf8',
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', TABLE_NAME: 'bundle-check', USER_POOL_ID: 'us-east-1_bundlecheck', PHOTOS_BUCKET: 'bundle-check-photos', AWS_REGION: 'us-east-1' },
      })
      expect(`${r.stdout}${r.stderr}`.trim(), b.group).toBe('ok')
    }
  })

  it('refuses to start without what the function requires (a cold start error, not a customer request later)', { timeout: 30_000 }, () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', 'await import(process.argv[1])', pathToFileURL(bundle('api-admin').entryFile).href], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', TABLE_NAME: 'bundle-check', AWS_REGION: 'us-east-1' },
    })
    expect(r.status).not.toBe(0)
    expect(r.stderr).toContain('Missing required environment variable USER_POOL_ID')
  })

  it('answers a request from the bundled api-customer handler (GET /api/health)', { timeout: 30_000 }, () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `
      const { handler } = await import(process.argv[1])
      const res = await handler({ version: '2.0', routeKey: 'GET /api/health', rawPath: '/api/health', rawQueryString: '', headers: {}, requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: 'r1' }, isBase64Encoded: false }, { awsRequestId: 'r1', functionName: 'api-customer' })
      console.log(JSON.stringify({ statusCode: res.statusCode, body: JSON.parse(res.body) }))`, pathToFileURL(bundle('api-customer').entryFile).href], {
      encoding: 'utf8',
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', TABLE_NAME: 'bundle-check', USER_POOL_ID: 'us-east-1_bundlecheck', PHOTOS_BUCKET: 'bundle-check-photos', AWS_REGION: 'us-east-1', LOG_LEVEL: 'silent' },
    })
    expect(r.stderr).toBe('')
    expect(JSON.parse(r.stdout)).toMatchObject({ statusCode: 200, body: { ok: true } })
  })
})

describe("each route is a chunk of its own: a route's cold path holds its own code and the entry's, whatever the other routes", () => {
  // The API functions again, with esbuild's metafile: which output holds which source file, and what imports what.
  const graphs = new Map<string, { meta: ReturnType<typeof bundleLambda>; entry: string; index: string }>()
  beforeAll(() => {
    for (const group of functionGroups) {
      const entry = path.relative(root, writeGroupEntry(group))
      const meta = bundleLambda(path.join(root, entry), path.join(outDir, 'graphs', group))
      const index = outputOf(meta, entry)
      if (!index) throw new Error(`${group}: no output for its entry ${entry}`)
      graphs.set(group, { meta, entry, index })
    }
  }, 120_000)
  const routeModules = (group: (typeof functionGroups)[number]) => deployedRoutesFor(group).map((r) => `functions/${r.handler}.ts`)

  it.each(functionGroups)('%s: every route module is the entry point of a chunk the function imports on first use', (group) => {
    const { meta } = graphs.get(group)!
    expect(routeModules(group).filter((m) => !outputOf(meta, m))).toEqual([])
  })

  it.each(functionGroups)("%s: no route's code is in what index.mjs loads (its static imports)", (group) => {
    const { meta, index } = graphs.get(group)!
    const loaded = inputsOf(meta, staticClosure(meta, index))
    expect(routeModules(group).filter((m) => loaded.has(m))).toEqual([])
  })

  it.each(functionGroups)("%s: a route's chunk and its static imports hold its own module, and only code that it or the entry imports", (group) => {
    const { meta, entry } = graphs.get(group)!
    const modules = routeModules(group)
    const shared = staticReach(meta, entry)
    for (const m of modules) {
      const loaded = inputsOf(meta, staticClosure(meta, outputOf(meta, m)!))
      expect(modules.filter((other) => loaded.has(other)), m).toEqual([m])
      // Code of another route only (not imported by this one, nor by the entry) would grow this route's cold path.
      const own = staticReach(meta, m)
      expect([...loaded].filter((input) => !own.has(input) && !shared.has(input)), m).toEqual([])
    }
  })
})

describe('zod is imported as a namespace everywhere (`import { z }` defeats tree-shaking)', () => {
  const files = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name === 'node_modules' || e.name === 'dist' ? [] : e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []))
      : []

  it('in functions/, shared/src and web/src', () => {
    const offenders = ['functions', 'shared/src', 'web/src']
      .flatMap((d) => files(path.join(root, d)))
      .filter((f) => /import\s+(?:\{[^}]*\bz\b[^}]*\}|z)\s+from\s+['"]zod(?:\/[\w-]+)?['"]/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f))
    expect(offenders).toEqual([])
  })

  it('the generated entries import only their own group', () => {
    for (const g of functionGroups) expect(groupEntrySource(g, '/x/functions')).toContain(`createGroupHandler(${JSON.stringify(g)}`)
  })
})
