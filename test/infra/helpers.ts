import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, Stack, type CfnResource } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { afterAll, expect } from 'vitest'
import { buildApp, type GunsmithStacks } from '../../infra/bin/build-app.ts'

/** One temp dir per test file, removed after the file (a module-level afterAll). */
export const tmp = mkdtempSync(join(tmpdir(), 'gs-infra-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** The build hash of the test web build's site kit (site.json `build`, as web/prerender/plugin.ts writes it). */
export const SITE_BUILD = '0123456789abcdef'

/**
 * A web build as `npm run build:web` leaves it, reduced to what synth reads: index.html and the site kit's
 * site.json (the fast App bundles nothing, so the kit's renderer is never read).
 */
export function fakeWebBuild(dir: string, { build = SITE_BUILD, kit = true }: { build?: string; kit?: boolean } = {}): string {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>test</title>')
  if (kit) {
    mkdirSync(join(dir, '.site-kit'), { recursive: true })
    writeFileSync(join(dir, '.site-kit', 'site.json'), JSON.stringify({ build, shell: '', pages: [] }))
  }
  return dir
}

export const webDist = fakeWebBuild(join(tmp, 'dist'))

// The same feature flags and defaults as `cdk synth`, which reads them from cdk.json.
export const cdkJsonContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context

/** Fast settings: no bundling, no asset copies, no CloudFormation validator. */
export function fastApp(context: Record<string, unknown> = {}) {
  return new App({
    outdir: mkdtempSync(join(tmp, 'out-')),
    builtinCloudFormationValidation: false,
    context: {
      ...cdkJsonContext,
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:disable-asset-staging': true,
      ...context,
    },
  })
}

/** What a prod synth must be given (stage-config.ts refuses prod without an alarm address and a real sender). */
export const PROD = { stage: 'prod', alarmEmail: 'ops@example.com', emailFrom: 'notifications@example.org' } as const

export type StackKey = 'data' | 'auth' | 'api' | 'web' | 'notify' | 'monitoring'
export const STACK_KEYS: StackKey[] = ['data', 'auth', 'api', 'web', 'notify', 'monitoring']

export interface Synth {
  app: App
  stacks: GunsmithStacks
  t: Record<StackKey, Template>
  json: Record<StackKey, Record<string, any>>
}

/** Builds and synthesizes one stage (cdk-nag included: an unacknowledged error throws "Validation failed"). */
export function synthStage(context: Record<string, unknown> = {}, options: { webDist?: string } = {}): Synth {
  const app = fastApp(context)
  const stacks = buildApp(app, { webDist: options.webDist ?? webDist })
  const t = Object.fromEntries(STACK_KEYS.map((k) => [k, Template.fromStack(stacks[k])])) as Record<StackKey, Template>
  const json = Object.fromEntries(STACK_KEYS.map((k) => [k, t[k].toJSON()])) as Record<StackKey, Record<string, any>>
  return { app, stacks, t, json }
}

export const logicalId = (c: { node: { defaultChild?: unknown } } | CfnResource) => {
  const cfn = ('cfnResourceType' in c ? c : c.node.defaultChild) as CfnResource
  return Stack.of(cfn).getLogicalId(cfn)
}

/** What an `Fn::ImportValue` in a consumer template stands for: the producer's exported value. */
export function exportedValue(producer: Record<string, any>, value: unknown): unknown {
  const name = (value as { 'Fn::ImportValue'?: string })['Fn::ImportValue']
  expect(name, `expected an Fn::ImportValue, got ${JSON.stringify(value)}`).toBeTypeOf('string')
  const output = Object.values<any>(producer.Outputs ?? {}).find((o) => o.Export?.Name === name)
  expect(output, `no export named ${name}`).toBeDefined()
  return output.Value
}

export const resourcesOf = (tpl: Record<string, any>, type: string) =>
  Object.entries<any>(tpl.Resources).filter(([, r]) => r.Type === type)

/** Every statement of every policy attached to the given role. */
export function statementsFor(tpl: Record<string, any>, roleId: string): any[] {
  return resourcesOf(tpl, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
}
export const actionsOf = (statements: any[]) => statements.flatMap((s) => [s.Action].flat())

/** The cdk-nag violations the app's validation report lists (none = no report file). */
export function nagViolations(app: App): any[] {
  try {
    return JSON.parse(readFileSync(join(app.outdir, 'validation-report.json'), 'utf8')).pluginReports.flatMap((p: any) => p.violations)
  } catch {
    return []
  }
}

/**
 * The one secret a template may name in a dynamic reference: the generated x-origin-verify value CloudFront adds to
 * API requests (infra/stacks/api-stack.ts), resolved at deploy time into CloudFront's origin header and the API
 * functions' ORIGIN_VERIFY. Removed from a template's text before it is scanned for secret-looking strings (the
 * places it may appear are asserted in security.test.ts).
 */
export const withoutOriginVerifyReferences = (text: string) =>
  text.replace(/"\{\{resolve:secretsmanager:",\s*\{\s*"(Ref|Fn::ImportValue)":\s*"[^"]*OriginVerifySecret[^"]*"\s*\}/g, '"<origin-verify reference>"')
