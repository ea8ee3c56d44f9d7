/**
 * Issue 7 budget: every Lambda function loads ≤ 300 KB of code at a cold start,
 * measured on the bundles exactly as the CDK builds them (infra/constructs/lambda-bundle.ts:
 * the same entries and esbuild options; the real `cdk synth` is checked in test/infra).
 * What only some routes need (the Stripe SDK) is in a lazy chunk and does not count
 * against a cold start; it is listed by `node scripts/measure-bundles.mjs` and `npm run bench`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupEntrySource } from '../../functions/lib/group-entry.ts'
import { functionGroups } from '../../functions/routes.ts'
import { buildBundles, type BuiltBundle } from '../../infra/constructs/lambda-bundle.ts'

const BUDGET_BYTES = 300 * 1000
const root = path.resolve(import.meta.dirname, '../..')
// Inside the repository so that the runtime-provided `@aws-sdk/*` resolve from node_modules, as /var/runtime's do in Lambda.
const outDir = fs.mkdtempSync(path.join(root, 'node_modules', '.bundle-budget-'))
let built: BuiltBundle[] = []

beforeAll(() => {
  built = buildBundles({ outDir })
}, 60_000)
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }))

const bundle = (group: string) => built.find((b) => b.group === group)!
const coldPackages = (b: BuiltBundle) => Object.entries(b.packagesByFile).filter(([file]) => !b.chunks.some((c) => c.lazy && c.file === file)).flatMap(([, p]) => p)
const lazyPackages = (b: BuiltBundle) => b.chunks.filter((c) => c.lazy).flatMap((c) => b.packagesByFile[c.file])

describe('Lambda bundles', () => {
  it('builds every function: the three API groups, the Cognito trigger, the reconciliation, the notifier and the site publisher', () => {
    expect(built.map((b) => b.group)).toEqual([...functionGroups, 'post-confirmation', 'reconcile', 'notifier', 'site-publisher'])
  })

  it(`each loads ≤ ${BUDGET_BYTES / 1000} KB at a cold start (the shared stack and its heaviest route)`, () => {
    const over = built.filter((b) => b.bytes > BUDGET_BYTES).map((b) => `${b.group}: ${(b.bytes / 1000).toFixed(1)} KB (${b.top.slice(0, 4).map((t) => `${t.input} ${(t.bytes / 1000).toFixed(1)}`).join(', ')})`)
    expect(over).toEqual([])
  })

  it("carries ElectroDB without its Service class (functions/db/electrodb.ts: ~19 KB of every cold start)", () => {
    const sourcesOf = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? sourcesOf(path.join(dir, d.name)) : d.name.endsWith('.map') ? (JSON.parse(fs.readFileSync(path.join(dir, d.name), 'utf8')).sources as string[]) : [],
      )
    for (const b of built) {
      const sources = sourcesOf(path.dirname(b.entryFile))
      expect(sources.some((s) => s.endsWith('electrodb/src/entity.js')), b.group).toBe(true)
      expect(sources.filter((s) => /electrodb\/(index|src\/service)\.js$/.test(s)), b.group).toEqual([])
    }
  })

  it("bundles none of the AWS SDK, and no API, trigger or job cold start loads it: DynamoDB, Secrets Manager and the first request's Cognito calls go through functions/lib/aws", () => {
    for (const b of built) expect(coldPackages(b).concat(lazyPackages(b)).filter((p) => p.startsWith('@aws-sdk/') || p.startsWith('@smithy/')), b.group).toEqual([])
    const sdkImports = (files: string[], b: BuiltBundle) =>
      [...new Set(files.flatMap((f) => [...fs.readFileSync(path.join(path.dirname(b.entryFile), f), 'utf8').matchAll(/["'](@aws-sdk\/[\w-]+)["']/g)].map((m) => m[1])))].sort()
    for (const b of built) {
      // The notifier's job is sending: its SES and SNS transports (the SDK's, the runtime's) count as its cold start.
      const allowed = b.group === 'notifier' ? ['@aws-sdk/client-sesv2', '@aws-sdk/client-sns'] : []
      expect(sdkImports(['index.mjs', ...b.chunks.filter((c) => !c.lazy).map((c) => c.file)], b), `${b.group} at a cold start`).toEqual(allowed)
      // On first use only, from the runtime's SDK: staff's customer administration (Cognito), the notifier's SES and SNS,
      // the site publisher's S3 and CloudFront (its store, on the first publish).
      const lazyAllowed = b.group === 'site-publisher' ? ['@aws-sdk/client-s3', '@aws-sdk/client-cloudfront'] : ['@aws-sdk/client-cognito-identity-provider', '@aws-sdk/client-sesv2', '@aws-sdk/client-sns']
      for (const pkg of sdkImports(b.chunks.filter((c) => c.lazy).map((c) => c.file), b)) expect(lazyAllowed, b.group).toContain(pkg)
    }
    expect(sdkImports(bundle('post-confirmation').chunks.map((c) => c.file).concat('index.mjs'), bundle('post-confirmation'))).toEqual([])
  })

  it('loads the Stripe SDK (and the secrets it needs) lazily: cards, refunds and cancellations only', () => {
    for (const b of built) expect(coldPackages(b), b.group).not.toContain('stripe')
    for (const g of ['api-customer', 'api-admin', 'stripe-webhook'] as const) expect(lazyPackages(bundle(g)), g).toContain('stripe')
    expect(lazyPackages(bundle('post-confirmation'))).not.toContain('stripe')
    expect(lazyPackages(bundle('reconcile'))).toContain('stripe')
    for (const b of built) expect(coldPackages(b).concat(lazyPackages(b)), b.group).not.toContain('@middy/secrets-manager')
  })

  it('the notifier loads nodemailer (the local SMTP transport) only on first use: never in AWS', () => {
    expect(coldPackages(bundle('notifier'))).not.toContain('nodemailer')
    expect(lazyPackages(bundle('notifier'))).toContain('nodemailer')
    for (const b of built.filter((b) => b.group !== 'notifier')) expect(coldPackages(b).concat(lazyPackages(b)), b.group).not.toContain('nodemailer')
  })

  it('the webhook function carries no zod, and only the admin function the Cognito admin code', () => {
    const all = (b: BuiltBundle) => coldPackages(b).concat(lazyPackages(b))
    expect(all(bundle('stripe-webhook'))).not.toContain('zod')
    for (const g of ['api-customer', 'stripe-webhook', 'post-confirmation']) expect(all(bundle(g)), g).not.toContain('functions/api/admin/customers/*')
  })

  it("a cold start loads the shared stack and one route's code: the other routes are chunks loaded on first use", () => {
    for (const g of ['api-customer', 'api-admin']) {
      const b = bundle(g)
      expect(b.heaviestRoute, g).toMatch(/^functions\/api\//)
      // Route code of the other routes is not loaded at a cold start.
      expect(lazyPackages(b).some((p) => p.startsWith('functions/api/')), g).toBe(true)
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
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', TABLE_NAME: 'bundle-check', USER_POOL_ID: 'us-east-1_bundlecheck', AWS_REGION: 'us-east-1' },
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
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', TABLE_NAME: 'bundle-check', USER_POOL_ID: 'us-east-1_bundlecheck', AWS_REGION: 'us-east-1', LOG_LEVEL: 'silent' },
    })
    expect(r.stderr).toBe('')
    expect(JSON.parse(r.stdout)).toMatchObject({ statusCode: 200, body: { ok: true } })
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
