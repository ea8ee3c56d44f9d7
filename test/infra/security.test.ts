import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Validations } from 'aws-cdk-lib'
import type { IConstruct } from 'constructs'
import type * as iam from 'aws-cdk-lib/aws-iam'
import { describe, expect, it } from 'vitest'
import { STRIPE_SECRET_KEY_SECRET_ARN, STRIPE_WEBHOOK_SECRET_ARN } from '../../functions/lib/stripe-secrets.ts'
import { FunctionEnv } from '../../infra/constructs/function-env.ts'
import { webDistDir } from '../../infra/constructs/paths.ts'
import { STACK_KEYS, actionsOf, logicalId, nagViolations, resourcesOf, statementsFor, synthStage, type Synth } from './helpers.ts'

const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'
const dev = synthStage()
const prod = synthStage({ stage: 'prod' })
/** Every optional feature on: its own resources need their own cdk-nag review. */
const full = synthStage({
  stage: 'prod',
  domainName: 'portal.example.com',
  certificateArn: CERT,
  alarmEmail: 'ops@example.com',
  enableWaf: 'true',
  stripePublishableKey: 'pk_live_51Abc',
})
const stages: [string, Synth][] = [
  ['dev', dev],
  ['prod', prod],
  ['prod with domain, WAF, alarm e-mail and publishable key', full],
]

/** Strings that must never appear in a template, an environment block or the SPA. */
export const SECRET_LOOKING = [
  /\b[sr]k_(live|test)/, // Stripe secret and restricted keys
  /whsec_/, // Stripe webhook signing secrets
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /\bAKIA[0-9A-Z]{16}\b/, // AWS access key ids
  /\{\{resolve:secretsmanager:/, // a secret value resolved into a template
]
const findSecrets = (text: string) => SECRET_LOOKING.filter((re) => re.test(text)).map(String)

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? filesUnder(p) : [p]
  })
}

const lambdaFunctions = (s: Synth) =>
  STACK_KEYS.flatMap((k) => resourcesOf(s.json[k], 'AWS::Lambda::Function').map(([id, fn]) => ({ stack: k, id, fn })))

describe.each(stages)('stage %s: no secret in a template, an output or an environment block', (_name, s) => {
  it('has no secret-looking string in any synthesized template', () => {
    for (const k of STACK_KEYS) expect(findSecrets(JSON.stringify(s.json[k])), s.stacks[k].stackName).toEqual([])
    // The files cdk writes, too (templates, asset manifests, tree).
    for (const f of filesUnder(s.app.outdir).filter((x) => x.endsWith('.json'))) expect(findSecrets(readFileSync(f, 'utf8')), f).toEqual([])
  })

  it('passes only references in environment variables whose name says secret, token, password or key', () => {
    for (const { stack, id, fn } of lambdaFunctions(s)) {
      for (const [name, value] of Object.entries<any>(fn.Properties.Environment?.Variables ?? {})) {
        if (typeof value === 'string') expect(findSecrets(value), `${stack}/${id} ${name}`).toEqual([])
        if (/secret|token|password|key/i.test(name)) {
          expect(typeof value, `${stack}/${id} ${name} must be a reference (an ARN), not a value`).toBe('object')
          expect(name, `${stack}/${id}`).toMatch(/_ARN$/)
        }
      }
    }
  })

  it('outputs no secret: only the ARNs of the two secrets', () => {
    for (const k of STACK_KEYS) {
      for (const [key, out] of Object.entries<any>(s.json[k].Outputs ?? {})) {
        if (typeof out.Value === 'string') expect(findSecrets(out.Value), `${k} ${key}`).toEqual([])
        if (/secret/i.test(key)) expect(out.Value, `${k} ${key}`).toHaveProperty('Ref')
      }
    }
    expect(s.json.api.Outputs.StripeSecretKeySecretArn.Value).toEqual({ Ref: logicalId(s.stacks.api.stripeSecretKey) })
    expect(s.json.api.Outputs.StripeWebhookSecretArn.Value).toEqual({ Ref: logicalId(s.stacks.api.stripeWebhookSecret) })
  })
})

describe('the secret scan itself', () => {
  it('catches the strings it is meant to catch (so a clean result means something)', () => {
    expect(findSecrets(JSON.stringify({ Variables: { KEY: ['sk', 'live', 'x1'].join('_') } }))).not.toEqual([])
    expect(findSecrets(['whsec', 'abc'].join('_'))).not.toEqual([])
    expect(findSecrets(['rk', 'test', 'abc'].join('_'))).not.toEqual([])
    expect(findSecrets('pk_live_51Abc')).toEqual([])
  })

  it.skipIf(!existsSync(webDistDir))('finds none in the built SPA (web/dist)', () => {
    for (const f of filesUnder(webDistDir)) expect(findSecrets(readFileSync(f, 'utf8')), f).toEqual([])
  })
})

describe.each(stages)('stage %s: Stripe secrets in Secrets Manager', (_name, s) => {
  const secrets = () => resourcesOf(s.json.api, 'AWS::SecretsManager::Secret')

  it('creates exactly two secrets, empty (no value and no generated value: ops fills them)', () => {
    expect(secrets()).toHaveLength(2)
    for (const [, secret] of secrets()) {
      expect(secret.Properties.SecretString).toBeUndefined()
      expect(secret.Properties.GenerateSecretString).toBeUndefined()
    }
  })

  it('gives the functions that use Stripe the two ARNs under the names functions/lib/stripe-secrets.ts reads', () => {
    expect(FunctionEnv.stripeSecretKeySecretArn).toBe(STRIPE_SECRET_KEY_SECRET_ARN)
    expect(FunctionEnv.stripeWebhookSecretArn).toBe(STRIPE_WEBHOOK_SECRET_ARN)
    for (const group of ['api-customer', 'api-admin', 'stripe-webhook'] as const) {
      const fn = s.stacks.api.functions[group]
      if (!fn) continue
      const vars = s.json.api.Resources[logicalId(fn.fn)].Properties.Environment.Variables
      expect(vars[STRIPE_SECRET_KEY_SECRET_ARN], group).toEqual({ Ref: logicalId(s.stacks.api.stripeSecretKey) })
      // Only the webhook verifies events: a compromised API function cannot forge "payment succeeded".
      if (group === 'stripe-webhook') expect(vars[STRIPE_WEBHOOK_SECRET_ARN], group).toEqual({ Ref: logicalId(s.stacks.api.stripeWebhookSecret) })
      else expect(vars[STRIPE_WEBHOOK_SECRET_ARN], group).toBeUndefined()
    }
  })
})

describe.each(stages)('stage %s: least privilege per function', (_name, s) => {
  const statements = (role: Parameters<typeof logicalId>[0], key: 'api' | 'auth' = 'api') => statementsFor(s.json[key], logicalId(role))
  const secretArns = () => [{ Ref: logicalId(s.stacks.api.stripeSecretKey) }, { Ref: logicalId(s.stacks.api.stripeWebhookSecret) }]

  it('stripe-webhook reads only the webhook and Stripe secrets, and nothing in Cognito', () => {
    const fn = s.stacks.api.functions['stripe-webhook']
    if (!fn) return // the webhook route is not in functions/routes.ts yet
    const st = statements(fn.role)
    const secretStatements = st.filter((x) => actionsOf([x]).some((a) => a.startsWith('secretsmanager:')))
    expect(secretStatements).toHaveLength(1)
    expect(secretStatements[0].Action).toBe('secretsmanager:GetSecretValue')
    expect([secretStatements[0].Resource].flat()).toEqual(secretArns())
    expect(actionsOf(st).filter((a) => a.startsWith('cognito-idp:'))).toEqual([])
  })

  it('api-customer reads only the Stripe secret key (it creates and cancels payment intents) and calls no Cognito admin API', () => {
    const st = statements(s.stacks.api.functions['api-customer']!.role)
    expect(actionsOf(st).filter((a) => /^cognito-idp:/i.test(a))).toEqual([])
    const secretStatements = st.filter((x) => actionsOf([x]).some((a) => a.startsWith('secretsmanager:')))
    expect(secretStatements.map((x) => [x.Action, [x.Resource].flat()])).toEqual([['secretsmanager:GetSecretValue', [secretArns()[0]]]])
  })

  it('api-admin reads only the Stripe secret key (refunds, cancellations); the sign-up trigger no secret', () => {
    const admin = statements(s.stacks.api.functions['api-admin']!.role)
    const secretStatements = admin.filter((x) => actionsOf([x]).some((a) => a.startsWith('secretsmanager:')))
    expect(secretStatements.map((x) => [x.Action, [x.Resource].flat()])).toEqual([['secretsmanager:GetSecretValue', [secretArns()[0]]]])
    const trigger = statements(s.stacks.auth.postConfirmation.role, 'auth')
    expect(actionsOf(trigger).filter((a) => a.startsWith('secretsmanager:'))).toEqual([])
  })

  it('has no wildcard action anywhere, and no write action on resource "*" (only the CDK deployment handler\'s invalidation and the notifier\'s SMS)', () => {
    const notifierPolicyId = logicalId(s.stacks.notify.notifier.role.node.findChild('DefaultPolicy') as iam.Policy)
    const readOnly = /^[\w-]+:(Get|List|Describe|BatchGet|Query|Scan)/
    for (const k of STACK_KEYS) {
      for (const [id, policy] of resourcesOf(s.json[k], 'AWS::IAM::Policy')) {
        for (const st of policy.Properties.PolicyDocument.Statement) {
          for (const a of actionsOf([st])) expect(a, `${k}/${id}`).not.toMatch(/^(\*|[\w-]+:\*)$/)
          if (![st.Resource].flat().includes('*')) continue
          const writes = actionsOf([st]).filter((a) => !readOnly.test(a))
          if (id.startsWith('CustomCDKBucketDeployment')) expect(writes, `${k}/${id}`).toEqual(['cloudfront:CreateInvalidation'])
          // SMS to a phone number has no resource ARN; the same policy denies publishing to any topic.
          else if (k === 'notify' && id === notifierPolicyId) expect(writes, `${k}/${id}`).toEqual(['sns:Publish'])
          else expect(writes, `${k}/${id}`).toEqual([])
        }
      }
      for (const [id, role] of resourcesOf(s.json[k], 'AWS::IAM::Role')) {
        for (const p of role.Properties.Policies ?? []) {
          for (const st of p.PolicyDocument.Statement) for (const a of actionsOf([st])) expect(a, `${k}/${id}`).not.toMatch(/^(\*|[\w-]+:\*)$/)
        }
      }
    }
  })
})

function acknowledgments(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      // data: { '<rule id>' or 'Annotation::<rule id>': reason }
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .map(([id, reason]) => ({ path: c.node.path, id: id.replace(/^Annotation::/, ''), reason })),
  )
}

describe.each(stages)('stage %s: cdk-nag AwsSolutions', (_name, s) => {
  it('leaves no unacknowledged finding (error or warning)', () => {
    expect(nagViolations(s.app).filter((v) => /AwsSolutions/.test(v.ruleName))).toEqual([])
  })

  it('gives every acknowledgment a real reason', () => {
    const acks = acknowledgments(s.app)
    expect(acks.length).toBeGreaterThan(10)
    for (const a of acks) {
      expect(a.id, a.path).toMatch(/^AwsSolutions-/)
      expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThanOrEqual(40)
    }
  })
})

describe('acknowledgments that depend on the stage configuration', () => {
  const ids = (s: Synth) => acknowledgments(s.app).map((a) => a.id)
  it('acknowledges "no WAF" and "default certificate" only when they are true', () => {
    expect(ids(prod)).toEqual(expect.arrayContaining(['AwsSolutions-CFR2', 'AwsSolutions-CFR4']))
    expect(ids(full)).toContain('AwsSolutions-CFR1')
    expect(ids(full)).not.toContain('AwsSolutions-CFR2')
    expect(ids(full)).not.toContain('AwsSolutions-CFR4')
  })
})
