import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const tmp = mkdtempSync(join(tmpdir(), 'gs-synth-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

// The real `cdk synth`: local esbuild bundling, asset staging, cdk-nag and the CloudFormation validator, offline.
it('`cdk synth -q` succeeds offline and writes /config.json from the stack outputs', { timeout: 120_000 }, () => {
  const out = join(tmp, 'cdk.out')
  const r = spawnSync('npx', ['--no-install', 'cdk', 'synth', '-q', '-o', out], {
    cwd: repoRoot,
    env: { ...process.env, CDK_HOME: join(tmp, 'cdk-home'), CI: 'true' },
    encoding: 'utf8',
    timeout: 110_000,
  })
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0)
  expect(readdirSync(out).filter((f) => f.endsWith('.template.json')).sort()).toEqual([
    'Gunsmith-dev-Api.template.json',
    'Gunsmith-dev-Auth.template.json',
    'Gunsmith-dev-Data.template.json',
    'Gunsmith-dev-Web.template.json',
  ])

  const web = JSON.parse(readFileSync(join(out, 'Gunsmith-dev-Web.template.json'), 'utf8'))
  const deployment = Object.values<any>(web.Resources).find((r) => r.Type === 'Custom::CDKBucketDeployment').Properties
  const i = deployment.SourceMarkers.findIndex((m: object) => Object.keys(m).length > 0)
  const assetDir = join(out, `asset.${deployment.SourceObjectKeys[i].replace(/\.zip$/, '')}`)
  const config = JSON.parse(readFileSync(join(assetDir, 'config.json'), 'utf8'))
  const markers = deployment.SourceMarkers[i]
  expect(Object.keys(config).sort()).toEqual(
    ['apiUrl', 'cognitoEndpoint', 'paymentsMode', 'region', 'stripePublishableKey', 'userPoolClientId', 'userPoolId'].sort(),
  )
  expect(config).toMatchObject({ apiUrl: '/api', cognitoEndpoint: null, paymentsMode: 'stripe', stripePublishableKey: null })
  expect(markers[config.region]).toEqual({ Ref: 'AWS::Region' })
  expect(markers[config.userPoolId]['Fn::ImportValue']).toMatch(/^Gunsmith-dev-Auth:ExportsOutputRefUserPool/)
  expect(markers[config.userPoolClientId]['Fn::ImportValue']).toMatch(/^Gunsmith-dev-Auth:ExportsOutputRefUserPoolWebClient/)
})
