import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Validations } from 'aws-cdk-lib'
import type { IConstruct } from 'constructs'
import type * as iam from 'aws-cdk-lib/aws-iam'
import { describe, expect, it } from 'vitest'
import { STRIPE_SECRET_KEY_SECRET_ARN, STRIPE_WEBHOOK_SECRET_ARN } from '../../functions/lib/stripe-secrets.ts'
import { FunctionEnv } from '../../infra/constructs/function-env.ts'
import { webDistDir } from '../../infra/constructs/paths.ts'
import { ADMIN_COGNITO_ACTIONS, ORIGIN_VERIFY_HEADER, PER_CLIENT_WRITE_ROUTES, ROUTE_THROTTLES, WEBHOOK_RESERVED_CONCURRENCY } from '../../infra/stacks/api-stack.ts'
import { CONTEXT_DEFAULTS, ContextError, PROD_WITHOUT_CONTACTS_FLAG } from '../../infra/constructs/stage-config.ts'
import { BOOK_BACKUP, bookVaultName } from '../../infra/constructs/book-backup.ts'
import { PROD, STACK_KEYS, actionsOf, exportedValue, logicalId, nagViolations, resourcesOf, statementsFor, synthStage, withoutOriginVerifyReferences, type StackKey, type Synth } from './helpers.ts'

const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'
const dev = synthStage()
const prod = synthStage({ ...PROD })
/** Every optional feature on: its own resources need their own cdk-nag review. */
const full = synthStage({
  ...PROD,
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
const findSecrets = (text: string) => SECRET_LOOKING.filter((re) => re.test(withoutOriginVerifyReferences(text))).map(String)

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

  it('creates the two Stripe secrets empty (no value and no generated value: ops fills them), and the generated origin-verify value', () => {
    expect(secrets()).toHaveLength(3)
    const originId = logicalId(s.stacks.api.originVerifySecret)
    expect(s.json.api.Resources[originId].Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true })
    expect(s.json.api.Resources[originId].Properties.SecretString).toBeUndefined()
    for (const [, secret] of secrets().filter(([id]) => id !== originId)) {
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

/** Every function's role, with the stack its policies are in. */
const functionRoles = (s: Synth): Array<[string, Parameters<typeof logicalId>[0], StackKey]> => [
  ...Object.entries(s.stacks.api.functions).map(([g, f]) => [g, f!.role, 'api'] as [string, Parameters<typeof logicalId>[0], StackKey]),
  ['reconcile', s.stacks.api.reconcile.role, 'api'],
  ['post-confirmation', s.stacks.auth.postConfirmation.role, 'auth'],
  ['notifier', s.stacks.notify.notifier.role, 'notify'],
  ['notify-digests', s.stacks.notify.digestSender.role, 'notify'],
  // With a web build that has a site kit (helpers.ts webDist has one).
  ...(s.stacks.web.sitePublisher ? [['site-publisher', s.stacks.web.sitePublisher.publisher.role, 'web'] as [string, Parameters<typeof logicalId>[0], StackKey]] : []),
]

/**
 * A role's grants as "<action> on <resource>" lines, resources named: `table`, `table/index/gsiN`, `table stream`,
 * `stripe secret key`, `stripe webhook secret`, `user pool`, `own log group`, `dead-letter queue` (the notifier's),
 * `site publisher dead-letter queue`, `site bucket/<key pattern>`, `site distribution`, `*`, or the template text for
 * anything else (the SES identity, the SNS deny).
 */
function grantLines(s: Synth, key: StackKey, role: Parameters<typeof logicalId>[0], logGroup: Parameters<typeof logicalId>[0]): string[] {
  const data = s.json.data
  const tableArn = { 'Fn::GetAtt': [logicalId(s.stacks.data.table), 'Arn'] }
  const streamArn = { 'Fn::GetAtt': [logicalId(s.stacks.data.table), 'StreamArn'] }
  const poolArn = { 'Fn::GetAtt': [logicalId(s.stacks.auth.userPool), 'Arn'] }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const name = (r: any): string => {
    if (r === '*') return '*'
    if (r?.['Fn::ImportValue']) {
      const producer = r['Fn::ImportValue'].startsWith(`Gunsmith-${s.stacks.stage}-Data:`) ? data : s.json.auth
      return name(exportedValue(producer, r))
    }
    if (same(r, tableArn)) return 'table'
    if (same(r, streamArn)) return 'table stream'
    if (same(r, poolArn)) return 'user pool'
    if (same(r, { Ref: logicalId(s.stacks.api.stripeSecretKey) })) return 'stripe secret key'
    if (same(r, { Ref: logicalId(s.stacks.api.stripeWebhookSecret) })) return 'stripe webhook secret'
    if (same(r, { 'Fn::GetAtt': [logicalId(logGroup), 'Arn'] })) return 'own log group'
    if (same(r, { 'Fn::GetAtt': [logicalId(s.stacks.notify.deadLetterQueue), 'Arn'] })) return 'dead-letter queue'
    const publisher = s.stacks.web.sitePublisher
    if (publisher && same(r, { 'Fn::GetAtt': [logicalId(publisher.deadLetterQueue), 'Arn'] })) return 'site publisher dead-letter queue'
    const siteBucketArn = { 'Fn::GetAtt': [logicalId(s.stacks.web.bucket), 'Arn'] }
    const objects = r?.['Fn::Join']?.[1]
    if (objects?.length === 2 && same(objects[0], siteBucketArn) && typeof objects[1] === 'string') return `site bucket${objects[1]}`
    if (objects?.length === 2 && objects[0]?.['Fn::ImportValue'] && same(exportedValue(data, objects[0]), { 'Fn::GetAtt': [logicalId(s.stacks.data.photos.bucket), 'Arn'] })) return `photos bucket${objects[1]}`
    const distributionArn = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: logicalId(s.stacks.web.distribution) }]] }
    if (same(r, distributionArn)) return 'site distribution'
    if (JSON.stringify(r).includes(':ses:",')) return 'the SES sending identity'
    const parts = r?.['Fn::Join']?.[1]
    if (parts?.length === 2 && typeof parts[1] === 'string' && parts[1].startsWith('/index/')) return `${name(parts[0])}${parts[1]}`
    return JSON.stringify(r)
  }
  return statementsFor(s.json[key], logicalId(role)).flatMap((st) =>
    actionsOf([st]).flatMap((a) => [st.Resource].flat().map((r) => `${st.Effect === 'Deny' ? 'DENY ' : ''}${a} on ${name(r)}`)),
  ).sort()
}

const onTable = (actions: readonly string[], indexes: readonly string[] = []) => [
  ...actions.map((a) => `dynamodb:${a} on table`),
  ...indexes.map((i) => `dynamodb:Query on table/index/${i}`),
]
const LOGS = ['logs:CreateLogStream on own log group', 'logs:PutLogEvents on own log group']
const LEDGER_WRITER = ['BatchGetItem', 'ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']

/**
 * The exact grants of every function's role, nothing more. The DynamoDB actions are the ones each
 * function's code calls (infra/constructs/table-grants.ts says how they were read from its bundle); Scan and
 * BatchWriteItem are granted to none; each reads only the indexes it queries.
 */
const EXPECTED_GRANTS: Record<string, string[]> = {
  // Internet-facing: no DeleteItem (no customer route removes an item), and only the customer-keyed index.
  'api-customer': [
    ...LOGS,
    ...onTable(['BatchGetItem', 'ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'], ['gsi1']),
    'secretsmanager:GetSecretValue on stripe secret key',
    // Presigns views of condition photos (a customer's own order's intake photos), nothing else in the bucket.
    's3:GetObject on photos bucket/orders/*/photos/*',
  ],
  'api-admin': [
    ...LOGS,
    ...onTable(LEDGER_WRITER, ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5', 'gsi6', 'gsi7', 'gsi8', 'gsi9', 'gsi10']),
    ...ADMIN_COGNITO_ACTIONS.map((a) => `${a} on user pool`),
    'secretsmanager:GetSecretValue on stripe secret key',
    // Presigns photo uploads (the browser's POST is signed with this right) and views; never lists or deletes.
    's3:GetObject on photos bucket/orders/*/photos/*',
    's3:PutObject on photos bucket/orders/*/photos/*',
  ],
  'stripe-webhook': [
    ...LOGS,
    ...onTable(LEDGER_WRITER, ['gsi1']),
    'secretsmanager:GetSecretValue on stripe secret key',
    'secretsmanager:GetSecretValue on stripe webhook secret',
  ],
  reconcile: [...LOGS, ...onTable(LEDGER_WRITER, ['gsi1', 'gsi2']), 'secretsmanager:GetSecretValue on stripe secret key'],
  'post-confirmation': [...LOGS, ...onTable(['GetItem', 'PutItem', 'UpdateItem']), 'cognito-idp:AdminAddUserToGroup on user pool', 'cognito-idp:AdminUserGlobalSignOut on user pool'],
  notifier: [
    ...LOGS,
    ...onTable(['GetItem', 'UpdateItem']),
    'dynamodb:DescribeStream on table stream',
    'dynamodb:GetRecords on table stream',
    'dynamodb:GetShardIterator on table stream',
    'dynamodb:ListStreams on *',
    'ses:SendEmail on the SES sending identity',
    'sns:Publish on *',
    'DENY sns:Publish on {"Fn::Join":["",["arn:",{"Ref":"AWS::Partition"},":sns:*:*:*"]]}',
    'sqs:GetQueueAttributes on dead-letter queue',
    'sqs:GetQueueUrl on dead-letter queue',
    'sqs:SendMessage on dead-letter queue',
  ],
  // Due digests (gsi1), each claimed by a conditional delete, put back after a failed send; the same sending rights as the
  // notifier. And the overdue-intake reminders: a page of the list, its orders (BatchGetItem), each claimed in a transaction.
  'notify-digests': [
    ...LOGS,
    ...onTable(['BatchGetItem', 'DeleteItem', 'GetItem', 'Query', 'UpdateItem'], ['gsi1']),
    'ses:SendEmail on the SES sending identity',
    'sns:Publish on *',
    'DENY sns:Publish on {"Fn::Join":["",["arn:",{"Ref":"AWS::Partition"},":sns:*:*:*"]]}',
  ],
  // The settings item (one GetItem at a deploy), the pages' prefix and this distribution only.
  'site-publisher': [
    ...LOGS,
    ...onTable(['GetItem']),
    'dynamodb:DescribeStream on table stream',
    'dynamodb:GetRecords on table stream',
    'dynamodb:GetShardIterator on table stream',
    'dynamodb:ListStreams on *',
    's3:PutObject on site bucket/prerendered/*',
    'cloudfront:CreateInvalidation on site distribution',
    'sqs:GetQueueAttributes on site publisher dead-letter queue',
    'sqs:GetQueueUrl on site publisher dead-letter queue',
    'sqs:SendMessage on site publisher dead-letter queue',
  ],
}

describe.each(stages)('stage %s: exact grants per function role', (_name, s) => {
  const logGroupOf = (name: string) =>
    name === 'reconcile' ? s.stacks.api.reconcile.logGroup
    : name === 'post-confirmation' ? s.stacks.auth.postConfirmation.logGroup
    : name === 'notifier' ? s.stacks.notify.notifier.logGroup
    : name === 'notify-digests' ? s.stacks.notify.digestSender.logGroup
    : name === 'site-publisher' ? s.stacks.web.sitePublisher!.publisher.logGroup
    : s.stacks.api.functions[name as 'api-customer']!.logGroup

  it('covers every function the stage deploys', () => {
    expect(functionRoles(s).map(([n]) => n).sort()).toEqual(Object.keys(EXPECTED_GRANTS).filter((n) => n !== 'stripe-webhook' || s.stacks.api.functions['stripe-webhook']).sort())
  })

  it.each(Object.keys(EXPECTED_GRANTS))('%s gets exactly its grants', (name) => {
    const found = functionRoles(s).find(([n]) => n === name)
    if (!found) return // the webhook route is not deployed in this stage
    const [, role, key] = found
    expect(grantLines(s, key, role, logGroupOf(name))).toEqual([...EXPECTED_GRANTS[name]].sort())
  })

  it('grants Scan, BatchWriteItem, an index wildcard or a whole-table read to no one', () => {
    // AWS Backup's role describes the table it backs up (and nothing else: the backup tests below).
    const backupPolicy = s.stacks.data.backup && logicalId(s.stacks.data.backup.backupRole.node.findChild('DefaultPolicy') as iam.Policy)
    for (const k of STACK_KEYS) {
      for (const [id, policy] of resourcesOf(s.json[k], 'AWS::IAM::Policy')) {
        const text = JSON.stringify(policy.Properties.PolicyDocument)
        const refused = k === 'data' && id === backupPolicy ? /dynamodb:(Scan|BatchWriteItem|\*)"|\/index\/\*/ : /dynamodb:(Scan|BatchWriteItem|DescribeTable|\*)"|\/index\/\*/
        expect(text, `${k}/${id}`).not.toMatch(refused)
      }
    }
  })

  it('the Stripe webhook signing secret is readable by stripe-webhook alone', () => {
    const webhookSecret = { Ref: logicalId(s.stacks.api.stripeWebhookSecret) }
    const readers = functionRoles(s).filter(([, role, key]) =>
      statementsFor(s.json[key], logicalId(role)).some((st) => [st.Resource].flat().some((r: unknown) => JSON.stringify(r) === JSON.stringify(webhookSecret))),
    )
    expect(readers.map(([n]) => n)).toEqual(s.stacks.api.functions['stripe-webhook'] ? ['stripe-webhook'] : [])
  })
})

describe.each(stages)('stage %s: the API answers only through CloudFront', (_name, s) => {
  const originRef = () => ({ Ref: logicalId(s.stacks.api.originVerifySecret) })
  const dynamicRef = (arn: unknown) => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', arn, ':SecretString:::}}']] })

  it('CloudFront adds x-origin-verify (the generated secret, resolved at deploy) to every request to the API origin', () => {
    const d = resourcesOf(s.json.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig
    const apiOrigin = d.Origins.find((o: any) => o.CustomOriginConfig)
    expect(apiOrigin.OriginCustomHeaders).toHaveLength(1)
    expect(apiOrigin.OriginCustomHeaders[0].HeaderName).toBe(ORIGIN_VERIFY_HEADER)
    const value = apiOrigin.OriginCustomHeaders[0].HeaderValue
    expect(value['Fn::Join'][1][0]).toBe('{{resolve:secretsmanager:')
    expect(exportedValue(s.json.api, value['Fn::Join'][1][1])).toEqual(originRef())
  })

  it('every API function requires the same value (ORIGIN_VERIFY); no other function and no other place gets it', () => {
    for (const fn of Object.values(s.stacks.api.functions)) {
      expect(s.json.api.Resources[logicalId(fn!.fn)].Properties.Environment.Variables.ORIGIN_VERIFY).toEqual(dynamicRef(originRef()))
    }
    for (const { stack, id, fn } of lambdaFunctions(s)) {
      const isApi = Object.values(s.stacks.api.functions).some((f) => stack === 'api' && logicalId(f!.fn) === id)
      if (!isApi) expect(fn.Properties.Environment?.Variables?.ORIGIN_VERIFY, `${stack}/${id}`).toBeUndefined()
    }
    // Exactly those places name a secret in a dynamic reference: one per API function, and CloudFront's header.
    const count = STACK_KEYS.map((k) => JSON.stringify(s.json[k]).split('{{resolve:secretsmanager:').length - 1).reduce((a, b) => a + b, 0)
    expect(count).toBe(Object.keys(s.stacks.api.functions).length + 1)
    // No function reads it at run time: it is compared, not fetched.
    for (const [name, role, key] of functionRoles(s)) {
      expect(JSON.stringify(statementsFor(s.json[key], logicalId(role))), name).not.toContain(logicalId(s.stacks.api.originVerifySecret))
    }
  })
})

describe('rotating the origin-verify value (context originVerifyRotation)', () => {
  it('changes every API function and the distribution, so the next deploy resolves the new value into both', () => {
    const rotated = synthStage({ originVerifyRotation: '2026-11-27' })
    for (const [g, fn] of Object.entries(rotated.stacks.api.functions)) {
      expect(rotated.json.api.Resources[logicalId(fn!.fn)].Properties.Description, g).toMatch(/origin value 2026-11-27/)
      expect(dev.json.api.Resources[logicalId(dev.stacks.api.functions[g as 'api-customer']!.fn)].Properties.Description, g).not.toMatch(/origin value/)
    }
    const comment = (s: Synth) => resourcesOf(s.json.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig.Comment
    expect(comment(rotated)).toMatch(/origin value 2026-11-27/)
    expect(comment(dev)).not.toMatch(/origin value/)
  })
})

describe.each(stages)('stage %s: throttles and reserved concurrency', (_name, s) => {
  const stage = () => resourcesOf(s.json.api, 'AWS::ApiGatewayV2::Stage')[0][1].Properties

  it('gives the webhook its own route limit, and note and intent creation a shop-wide ceiling (per-client limits are the WAF\'s)', () => {
    const settings = stage().RouteSettings
    const def = stage().DefaultRouteSettings
    expect(Object.keys(settings).sort()).toEqual(Object.keys(ROUTE_THROTTLES).sort())
    for (const [key, t] of Object.entries(ROUTE_THROTTLES)) {
      expect(settings[key], key).toEqual({ ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit })
    }
    expect([...PER_CLIENT_WRITE_ROUTES].sort()).toEqual(['POST /api/orders/{orderId}/notes', 'POST /api/payments/intents'])
    for (const key of PER_CLIENT_WRITE_ROUTES) {
      // Not the 5/s all callers shared, which two clients could use up: far above what the shop's customers send
      // together, and still under the stage default and what Stripe accepts.
      expect(settings[key].ThrottlingRateLimit, key).toBeGreaterThanOrEqual(20)
      expect(settings[key].ThrottlingBurstLimit, key).toBeGreaterThanOrEqual(2 * settings[key].ThrottlingRateLimit)
      expect(settings[key].ThrottlingRateLimit, key).toBeLessThanOrEqual(def.ThrottlingRateLimit)
      expect(settings[key].ThrottlingBurstLimit, key).toBeLessThanOrEqual(def.ThrottlingBurstLimit)
    }
    expect(settings['POST /api/webhooks/stripe']).toBeDefined()
    // Every throttled key is a deployed route, and the stage waits for the routes (RouteSettings name them).
    const routeKeys = resourcesOf(s.json.api, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey)
    for (const key of Object.keys(settings)) expect(routeKeys).toContain(key)
    const [, stageResource] = resourcesOf(s.json.api, 'AWS::ApiGatewayV2::Stage')[0]
    expect(stageResource.DependsOn?.length ?? 0).toBeGreaterThanOrEqual(routeKeys.length)
  })

  it('reserves concurrency for the webhook function (and only caps the notifier and the digest sender besides)', () => {
    const webhook = s.stacks.api.functions['stripe-webhook']!
    expect(s.json.api.Resources[logicalId(webhook.fn)].Properties.ReservedConcurrentExecutions).toBe(WEBHOOK_RESERVED_CONCURRENCY)
    const digestSender = logicalId(s.stacks.notify.digestSender.fn)
    for (const { stack, id, fn } of lambdaFunctions(s)) {
      const expected = stack === 'api' && id === logicalId(webhook.fn) ? WEBHOOK_RESERVED_CONCURRENCY : stack === 'notify' ? (id === digestSender ? 1 : 5) : undefined
      expect(fn.Properties.ReservedConcurrentExecutions, `${stack}/${id}`).toBe(expected)
    }
  })
})

describe.each(stages)('stage %s: per-client limits on note and payment creation', (_name, s) => {
  const acl = () => resourcesOf(s.json.web, 'AWS::WAFv2::WebACL')[0]?.[1]?.Properties

  it('counts each client IP\'s note and payment-intent creations in the WAF whenever the stage has WAF (prod by default)', () => {
    expect(Boolean(acl())).toBe(s.stacks.config.waf !== null)
    if (!acl()) return
    const deployed = resourcesOf(s.json.api, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey)
    for (const key of PER_CLIENT_WRITE_ROUTES) expect(deployed, key).toContain(key)
    const rule = acl().Rules.find((r: any) => r.Name === 'RateLimitWritesPerIp')
    expect(rule.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300, Limit: s.stacks.config.waf!.writeRateLimit })
    expect(rule.Action.Block.CustomResponse.ResponseCode).toBe(429)
    const regex = new RegExp(rule.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements[1].RegexMatchStatement.RegexString)
    for (const key of PER_CLIENT_WRITE_ROUTES) expect(regex.test(key.split(' ')[1].replace(/\{\w+\}/g, 'x1')), key).toBe(true)
    // Before the managed groups (a rate rule must see every request it counts) and after the overall per-IP rule.
    const managedPriorities = acl().Rules.filter((r: any) => r.Statement.ManagedRuleGroupStatement).map((r: any) => r.Priority)
    expect(rule.Priority).toBeLessThan(Math.min(...managedPriorities))
  })
})

describe('a prod deployment names where alarms go and who mail is from', () => {
  const build = (context: Record<string, unknown>) => () => synthStage(context)

  it('fails without alarmEmail and emailFrom, naming both', () => {
    expect(build({ stage: 'prod' })).toThrow(/alarmEmail.*emailFrom.*-c alarmEmail=.*-c emailFrom=.*allowProdWithoutAlarmEmailOrSender=true/)
    expect(build({ stage: 'prod' })).toThrow(ContextError)
  })

  it('fails with only one of them, naming the one missing', () => {
    expect(build({ stage: 'prod', alarmEmail: 'ops@example.com' })).toThrow(/pass -c emailFrom=/)
    expect(build({ stage: 'prod', alarmEmail: 'ops@example.com' })).not.toThrow(/pass -c alarmEmail=/)
    expect(build({ stage: 'prod', emailFrom: 'notifications@example.org' })).toThrow(/pass -c alarmEmail=/)
    // The dev placeholder sender is no sender, even given explicitly.
    expect(build({ stage: 'prod', alarmEmail: 'ops@example.com', emailFrom: CONTEXT_DEFAULTS.emailFrom })).toThrow(/pass -c emailFrom=/)
  })

  it('passes with both (or a custom domain, whose notifications@ address is the sender)', () => {
    expect(build({ ...PROD })).not.toThrow()
    expect(build({ stage: 'prod', alarmEmail: 'ops@example.com', domainName: 'portal.example.com', certificateArn: CERT })).not.toThrow()
  })

  it(`passes without them only with -c ${PROD_WITHOUT_CONTACTS_FLAG}=true; other stages need neither`, () => {
    const optedOut = synthStage({ stage: 'prod', [PROD_WITHOUT_CONTACTS_FLAG]: 'true' })
    expect(nagViolations(optedOut.app)).toEqual([])
    optedOut.t.monitoring.resourceCountIs('AWS::SNS::Subscription', 0)
    expect(build({ stage: 'prod', [PROD_WITHOUT_CONTACTS_FLAG]: 'false' })).toThrow(/alarmEmail/)
    expect(build({})).not.toThrow()
    expect(build({ stage: 'staging' })).not.toThrow()
  })
})

describe.each(stages.filter(([, s]) => s.stacks.stage === 'prod'))('stage %s: the book outlives point-in-time recovery (AWS Backup)', (_name, s) => {
  const one = (type: string) => {
    const found = resourcesOf(s.json.data, type)
    expect(found, type).toHaveLength(1)
    return found[0]
  }
  const tableArn = () => ({ 'Fn::GetAtt': [logicalId(s.stacks.data.table), 'Arn'] })
  const backupOf = () => s.stacks.data.backup!

  it('backs the prod table up (on by default in prod only)', () => {
    expect(s.stacks.config.backup).toBe(true)
    expect(Boolean(s.stacks.data.backup)).toBe(true)
  })

  it('keeps the recovery points in a vault encrypted with a rotated key of its own, locked, that refuses every deletion; both retained', () => {
    const [keyId, key] = one('AWS::KMS::Key')
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true, PendingWindowInDays: 30 })
    expect(key.DeletionPolicy).toBe('Retain')
    const [, vault] = one('AWS::Backup::BackupVault')
    expect(vault.DeletionPolicy).toBe('Retain')
    expect(vault.Properties.BackupVaultName).toBe(bookVaultName(s.stacks.stage))
    expect(vault.Properties.EncryptionKeyArn).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] })
    // Governance mode (no ChangeableForDays): a recovery point lives at least the shortest rule's retention.
    expect(vault.Properties.LockConfiguration).toEqual({ MinRetentionDays: BOOK_BACKUP.lockMinRetention.toDays() })
    expect(BOOK_BACKUP.lockMinRetention.toDays()).toBeLessThanOrEqual(BOOK_BACKUP.daily.deleteAfter.toDays())
    expect(vault.Properties.AccessPolicy.Statement).toEqual([
      { Effect: 'Deny', Principal: { AWS: '*' }, Action: ['backup:DeleteRecoveryPoint', 'backup:UpdateRecoveryPointLifecycle'], Resource: '*' },
    ])
  })

  it('takes a daily recovery point kept 90 days, a monthly one kept ten years and a yearly one kept until deleted by hand, of the table only', () => {
    const [planId, plan] = one('AWS::Backup::BackupPlan')
    const rules = Object.fromEntries(plan.Properties.BackupPlan.BackupPlanRule.map((r: any) => [r.RuleName, r]))
    const vault = { 'Fn::GetAtt': [logicalId(backupOf().vault), 'BackupVaultName'] }
    expect(rules.Daily).toMatchObject({ ScheduleExpression: 'cron(0 5 * * ? *)', Lifecycle: { DeleteAfterDays: 90 }, TargetBackupVault: vault })
    expect(rules.Monthly).toMatchObject({ ScheduleExpression: 'cron(0 6 1 * ? *)', Lifecycle: { MoveToColdStorageAfterDays: 90, DeleteAfterDays: 3653 }, TargetBackupVault: vault })
    expect(rules.Yearly).toMatchObject({ ScheduleExpression: 'cron(0 7 1 1 ? *)', Lifecycle: { MoveToColdStorageAfterDays: 90 }, TargetBackupVault: vault })
    expect(rules.Yearly.Lifecycle.DeleteAfterDays).toBeUndefined()
    expect(Object.keys(rules).sort()).toEqual(['Daily', 'Monthly', 'Yearly'])
    // Beyond point-in-time recovery's 35 days, every rule.
    for (const r of Object.values<any>(rules)) expect(r.Lifecycle.DeleteAfterDays ?? Infinity, r.RuleName).toBeGreaterThan(35)
    const [, selection] = one('AWS::Backup::BackupSelection')
    expect(selection.Properties.BackupPlanId).toEqual({ 'Fn::GetAtt': [planId, 'BackupPlanId'] })
    expect(selection.Properties.BackupSelection).toMatchObject({ Resources: [tableArn()], IamRoleArn: { 'Fn::GetAtt': [logicalId(backupOf().backupRole), 'Arn'] } })
    expect(selection.Properties.BackupSelection.ListOfTags).toBeUndefined()
  })

  it('backs up with a role that can back up this table into this vault and nothing else (no AWS managed policy)', () => {
    const role = s.json.data.Resources[logicalId(backupOf().backupRole)]
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'backup.amazonaws.com' } }])
    expect(role.Properties.ManagedPolicyArns).toBeUndefined()
    expect(role.Properties.Policies).toBeUndefined()
    const keyArn = { 'Fn::GetAtt': [logicalId(backupOf().key), 'Arn'] }
    const statements = statementsFor(s.json.data, logicalId(backupOf().backupRole))
    const lines = statements.flatMap((st) => actionsOf([st]).map((a) => `${a} on ${JSON.stringify(st.Resource)}${st.Condition ? ` if ${JSON.stringify(st.Condition)}` : ''}`)).sort()
    const recoveryPoints = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':backup:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':recovery-point:*']] }
    expect(lines).toEqual([
      `backup:TagResource on ${JSON.stringify(recoveryPoints)}`,
      `dynamodb:DescribeTable on ${JSON.stringify(tableArn())}`,
      `dynamodb:ListTagsOfResource on ${JSON.stringify(tableArn())}`,
      `dynamodb:StartAwsBackupJob on ${JSON.stringify(tableArn())}`,
      `kms:CreateGrant on ${JSON.stringify(keyArn)} if {"Bool":{"kms:GrantIsForAWSResource":"true"}}`,
      `kms:Decrypt on ${JSON.stringify(keyArn)}`,
      `kms:DescribeKey on ${JSON.stringify(keyArn)}`,
      `kms:GenerateDataKey on ${JSON.stringify(keyArn)}`,
    ])
  })

  it('restores with a role only AWS Backup can assume: AWS\'s restore policy and the vault\'s key; its ARN and the vault\'s name are outputs for the runbook', () => {
    const role = s.json.data.Resources[logicalId(backupOf().restoreRole)]
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'backup.amazonaws.com' } }])
    expect(JSON.stringify(role.Properties.ManagedPolicyArns)).toMatch(/:iam::aws:policy\/service-role\/AWSBackupServiceRolePolicyForRestores"/)
    expect(role.Properties.ManagedPolicyArns).toHaveLength(1)
    const keyArn = JSON.stringify({ 'Fn::GetAtt': [logicalId(backupOf().key), 'Arn'] })
    for (const st of statementsFor(s.json.data, logicalId(backupOf().restoreRole))) expect(JSON.stringify(st.Resource)).toBe(keyArn)
    expect(s.json.data.Outputs.BackupRestoreRoleArn.Value).toEqual({ 'Fn::GetAtt': [logicalId(backupOf().restoreRole), 'Arn'] })
    expect(s.json.data.Outputs.BackupVaultName.Value).toEqual({ 'Fn::GetAtt': [logicalId(backupOf().vault), 'BackupVaultName'] })
  })
})

describe('backups by stage (context enableBackup)', () => {
  it('has none in a disposable stage unless asked (a locked vault outlives its stack), and -c enableBackup=false turns them off in prod', () => {
    expect(resourcesOf(dev.json.data, 'AWS::Backup::BackupPlan')).toEqual([])
    expect(resourcesOf(dev.json.data, 'AWS::Backup::BackupVault')).toEqual([])
    const asked = synthStage({ enableBackup: 'true' })
    expect(resourcesOf(asked.json.data, 'AWS::Backup::BackupPlan')).toHaveLength(1)
    expect(nagViolations(asked.app)).toEqual([])
    expect(resourcesOf(synthStage({ ...PROD, enableBackup: 'false' }).json.data, 'AWS::Backup::BackupPlan')).toEqual([])
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

  it('has no wildcard action anywhere, and no write action on resource "*" (only the CDK deployment handler\'s invalidation and the notifier\'s and digest sender\'s SMS)', () => {
    const notifierPolicyId = logicalId(s.stacks.notify.notifier.role.node.findChild('DefaultPolicy') as iam.Policy)
    const digestPolicyId = logicalId(s.stacks.notify.digestSender.role.node.findChild('DefaultPolicy') as iam.Policy)
    const readOnly = /^[\w-]+:(Get|List|Describe|BatchGet|Query|Scan)/
    for (const k of STACK_KEYS) {
      for (const [id, policy] of resourcesOf(s.json[k], 'AWS::IAM::Policy')) {
        for (const st of policy.Properties.PolicyDocument.Statement) {
          for (const a of actionsOf([st])) expect(a, `${k}/${id}`).not.toMatch(/^(\*|[\w-]+:\*)$/)
          if (![st.Resource].flat().includes('*')) continue
          const writes = actionsOf([st]).filter((a) => !readOnly.test(a))
          if (id.startsWith('CustomCDKBucketDeployment')) expect(writes, `${k}/${id}`).toEqual(['cloudfront:CreateInvalidation'])
          // SMS to a phone number has no resource ARN; the same policy denies publishing to any topic.
          else if (k === 'notify' && (id === notifierPolicyId || id === digestPolicyId)) expect(writes, `${k}/${id}`).toEqual(['sns:Publish'])
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

const NAG_PACKS = /^(AwsSolutions|Serverless|PCI\.DSS\.321)-/

describe.each(stages)('stage %s: cdk-nag AwsSolutions, Serverless and PCI DSS 3.2.1', (_name, s) => {
  it('runs the three packs in synth (infra/bin/build-app.ts)', () => {
    const src = readFileSync(new URL('../../infra/bin/build-app.ts', import.meta.url), 'utf8')
    expect(src).toMatch(/addPlugins\(new AwsSolutionsChecks\(app\), new ServerlessChecks\(app\), new PCIDSS321Checks\(app\)\)/)
  })

  it('leaves no unacknowledged finding (error or warning) of any pack', () => {
    expect(nagViolations(s.app)).toEqual([])
  })

  it('gives every acknowledgment a real reason', () => {
    const acks = acknowledgments(s.app)
    expect(acks.length).toBeGreaterThan(10)
    for (const a of acks) {
      expect(a.id, a.path).toMatch(NAG_PACKS)
      expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThanOrEqual(40)
    }
  })
})

describe('acknowledgments that depend on the stage configuration', () => {
  const ids = (s: Synth) => acknowledgments(s.app).map((a) => a.id)
  it('acknowledges "no WAF" and "default certificate" only when they are true (prod has WAF by default)', () => {
    expect(ids(dev)).toEqual(expect.arrayContaining(['AwsSolutions-CFR2', 'AwsSolutions-CFR4']))
    expect(ids(prod)).toContain('AwsSolutions-CFR4')
    expect(ids(prod)).not.toContain('AwsSolutions-CFR2')
    expect(ids(synthStage({ ...PROD, enableWaf: 'false' }))).toContain('AwsSolutions-CFR2')
    expect(ids(full)).toContain('AwsSolutions-CFR1')
    expect(ids(full)).not.toContain('AwsSolutions-CFR2')
    expect(ids(full)).not.toContain('AwsSolutions-CFR4')
  })
})
