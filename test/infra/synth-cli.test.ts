import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { withoutOriginVerifyReferences } from './helpers.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const tmp = mkdtempSync(join(tmpdir(), 'gs-synth-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const PUBLISHABLE = 'pk_test_51SynthCheck'
const SECRET_LOOKING = [/\b[sr]k_(live|test)/, /whsec_/, /\{\{resolve:secretsmanager:/]

/** The real `cdk synth`: local esbuild bundling, asset staging, cdk-nag and the CloudFormation validator, offline. */
function runSynth(stage: string, extra: string[] = []) {
  const out = join(tmp, `cdk.out.${stage}`)
  const r = spawnSync('npx', ['--no-install', 'cdk', 'synth', '-q', '-o', out, '-c', `stage=${stage}`, ...extra], {
    cwd: repoRoot,
    // No AWS credentials or region: synth must not need them.
    env: { ...process.env, CDK_HOME: join(tmp, 'cdk-home'), CI: 'true', AWS_PROFILE: '', AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' },
    encoding: 'utf8',
    timeout: 110_000,
  })
  return { out, ...r }
}

function synth(stage: string, extra: string[] = []) {
  const r = runSynth(stage, extra)
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0)
  return r.out
}

/** What prod must be given (docs/deploying.md, "Settings"). */
const PROD_CONTACTS = ['-c', 'alarmEmail=ops@example.com', '-c', 'emailFrom=notifications@example.org']

function configJson(out: string, stage: string) {
  const web = JSON.parse(readFileSync(join(out, `Gunsmith-${stage}-Web.template.json`), 'utf8'))
  const deployment = Object.values<any>(web.Resources).find((r) => r.Type === 'Custom::CDKBucketDeployment').Properties
  const i = deployment.SourceMarkers.findIndex((m: object) => Object.keys(m).length > 0)
  const assetDir = join(out, `asset.${deployment.SourceObjectKeys[i].replace(/\.zip$/, '')}`)
  return { config: JSON.parse(readFileSync(join(assetDir, 'config.json'), 'utf8')), markers: deployment.SourceMarkers[i] }
}

const templates = (out: string) => readdirSync(out).filter((f) => f.endsWith('.template.json')).sort()

// One real synth (prod, the stage that must not lose data); dev and the options are checked on the fast App (stages.test.ts).
describe('`cdk synth` offline', () => {
  it('`cdk synth -q -c stage=prod` succeeds, keeps the data and writes /config.json with the publishable key and no secret', { timeout: 120_000 }, () => {
    const out = synth('prod', [...PROD_CONTACTS, '-c', `stripePublishableKey=${PUBLISHABLE}`])
    expect(templates(out)).toEqual(['Api', 'Auth', 'Data', 'Monitoring', 'Notify', 'Web'].map((c) => `Gunsmith-prod-${c}.template.json`))

    const data = JSON.parse(readFileSync(join(out, 'Gunsmith-prod-Data.template.json'), 'utf8'))
    const table = Object.values<any>(data.Resources).find((r) => r.Type === 'AWS::DynamoDB::Table')
    expect(table.DeletionPolicy).toBe('Retain')
    expect(table.Properties.DeletionProtectionEnabled).toBe(true)

    const { config, markers } = configJson(out, 'prod')
    expect(Object.keys(config).sort()).toEqual(
      ['apiUrl', 'cognitoEndpoint', 'paymentsMode', 'region', 'stripePublishableKey', 'userPoolClientId', 'userPoolId'].sort(),
    )
    expect(config).toMatchObject({ apiUrl: '/api', cognitoEndpoint: null, paymentsMode: 'stripe', stripePublishableKey: PUBLISHABLE })
    expect(markers[config.region]).toEqual({ Ref: 'AWS::Region' })
    expect(markers[config.userPoolId]['Fn::ImportValue']).toMatch(/^Gunsmith-prod-Auth:ExportsOutputRefUserPool/)
    expect(markers[config.userPoolClientId]['Fn::ImportValue']).toMatch(/^Gunsmith-prod-Auth:ExportsOutputRefUserPoolWebClient/)

    // The functions' assets as the CDK bundled them: the handler, the official AWS SDK inside (the pinned version, not
    // the runtime's), and the Stripe SDK only in a lazy chunk.
    const api = JSON.parse(readFileSync(join(out, 'Gunsmith-prod-Api.template.json'), 'utf8'))
    const fns = Object.values<any>(api.Resources).filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Handler === 'index.handler')
    expect(fns.length).toBeGreaterThanOrEqual(3)
    for (const fn of fns) {
      const dir = join(out, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`)
      const handler = readFileSync(join(dir, 'index.mjs'), 'utf8')
      const chunks = existsSync(join(dir, 'chunks')) ? readdirSync(join(dir, 'chunks')).filter((f) => f.endsWith('.mjs')) : []
      const code = [handler, ...chunks.map((f) => readFileSync(join(dir, 'chunks', f), 'utf8'))].join('\n')
      // Nothing left to the runtime: no import of a package the asset does not carry.
      expect(code).not.toMatch(/from\s*["']@aws-sdk\//)
      expect(code).toContain('DynamoDBDocumentClient')
      expect(handler).not.toContain('api.stripe.com')
      const stripeChunk = chunks.find((f) => readFileSync(join(dir, 'chunks', f), 'utf8').includes('api.stripe.com'))
      // The three API functions talk to Stripe (payments, the webhook's confirmation, refunds and cancellations).
      const paysByCard = /api-customer|api-admin|stripe-webhook|reconciliation/.test(fn.Properties.Description)
      expect(stripeChunk !== undefined, fn.Properties.Description).toBe(paysByCard)
    }

    // The site publisher exists when web/dist has a site kit (npm run build:web writes it): its asset carries the
    // kit as site-kit/ beside the handler, and the deploy-time publish carries the kit's build.
    const web = JSON.parse(readFileSync(join(out, 'Gunsmith-prod-Web.template.json'), 'utf8'))
    const pages = Object.values<any>(web.Resources).find((r) => r.Type === 'Custom::SitePages')
    const kit = join(repoRoot, 'web', 'dist', '.site-kit', 'site.json')
    if (existsSync(kit) && existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) {
      const { build } = JSON.parse(readFileSync(kit, 'utf8'))
      expect(pages?.Properties.Build).toBe(build)
      const publisher = web.Resources[pages.Properties.ServiceToken['Fn::GetAtt'][0]]
      const dir = join(out, `asset.${String(publisher.Properties.Code.S3Key).replace(/\.zip$/, '')}`)
      expect(existsSync(join(dir, 'index.mjs'))).toBe(true)
      expect(JSON.parse(readFileSync(join(dir, 'site-kit', 'site.json'), 'utf8')).build).toBe(build)
      expect(existsSync(join(dir, 'site-kit', 'renderer.mjs'))).toBe(true)
    } else {
      expect(pages).toBeUndefined()
    }

    // Every JSON file cdk wrote (templates, manifests, config.json, the staged SPA) is free of secret-looking strings.
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]))
    const scanned = walk(out).filter((f) => /\.(json|html|css)$/.test(f) || (/\.js$/.test(f) && !/asset\.[0-9a-f]+\/index\.m?js$/.test(f)))
    expect(scanned.length).toBeGreaterThan(5)
    for (const f of scanned) {
      const text = withoutOriginVerifyReferences(readFileSync(f, 'utf8'))
      expect(SECRET_LOOKING.filter((re) => re.test(text)).map(String), f).toEqual([])
    }
  })

  it('`cdk synth -c stage=prod` without alarmEmail and emailFrom fails, naming them (before anything is built)', { timeout: 120_000 }, () => {
    const r = runSynth('prod')
    expect(r.status).not.toBe(0)
    expect(r.stderr).toMatch(/A prod deployment needs alarmEmail and emailFrom/)
    expect(r.stderr).toMatch(/-c alarmEmail=.*-c emailFrom=.*allowProdWithoutAlarmEmailOrSender=true/)
  })
})
