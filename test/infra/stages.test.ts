import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { deployedRoutesFor } from '../../functions/routes.ts'
import { buildApp } from '../../infra/bin/build-app.ts'
import { CONTEXT_DEFAULTS, PROD_WITHOUT_CONTACTS_FLAG } from '../../infra/constructs/stage-config.ts'
import { PER_CLIENT_WRITE_ROUTES } from '../../infra/stacks/api-stack.ts'
import { WAF_TOO_MANY_REQUESTS, routePathsPattern } from '../../infra/stacks/web-stack.ts'
import { PROD, STACK_KEYS, cdkJsonContext, fastApp, logicalId, resourcesOf, synthStage, webDist, type Synth } from './helpers.ts'

const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'

/** dev as `cdk synth` builds it by default; prod with every optional feature on, values as the CLI passes them (strings). */
const dev = synthStage()
const prod = synthStage({
  stage: 'prod',
  domainName: 'portal.example.com',
  certificateArn: CERT,
  alarmEmail: 'ops@example.com',
  throttleRateLimit: '20',
  throttleBurstLimit: '40',
  enableWaf: 'true',
  wafRateLimit: '500',
  wafWriteRateLimit: '50',
  stripePublishableKey: 'pk_test_51Abc',
})
const both: [string, Synth][] = [
  ['dev', dev],
  ['prod', prod],
]

const allResources = (s: Synth) => STACK_KEYS.flatMap((k) => Object.entries<any>(s.json[k].Resources).map(([id, r]) => ({ stack: k, id, r })))

describe('cdk.json documents every context key with its default', () => {
  it('has stage and the numeric and flag defaults the code uses', () => {
    expect(cdkJsonContext.stage).toBe('dev')
    expect(cdkJsonContext.throttleRateLimit).toBe(CONTEXT_DEFAULTS.throttleRateLimit)
    expect(cdkJsonContext.throttleBurstLimit).toBe(CONTEXT_DEFAULTS.throttleBurstLimit)
    // enableWaf depends on the stage (on for prod, off elsewhere): cdk.json leaves it out, so the stage decides.
    expect(cdkJsonContext).not.toHaveProperty('enableWaf')
    expect(CONTEXT_DEFAULTS.enableWaf('prod')).toBe(true)
    expect(CONTEXT_DEFAULTS.enableWaf('dev')).toBe(false)
    // enableBackup likewise: on for prod, off elsewhere.
    expect(cdkJsonContext).not.toHaveProperty('enableBackup')
    expect(CONTEXT_DEFAULTS.enableBackup('prod')).toBe(true)
    expect(CONTEXT_DEFAULTS.enableBackup('dev')).toBe(false)
    expect(cdkJsonContext.wafRateLimit).toBe(CONTEXT_DEFAULTS.wafRateLimit)
    expect(cdkJsonContext.wafWriteRateLimit).toBe(CONTEXT_DEFAULTS.wafWriteRateLimit)
    // Off unless given: prod without an alarm address or a real sender is refused (security.test.ts).
    expect(cdkJsonContext[PROD_WITHOUT_CONTACTS_FLAG]).toBe(false)
    expect(cdkJsonContext.legacyCaseSensitivePool).toBe(CONTEXT_DEFAULTS.legacyCaseSensitivePool)
    for (const key of ['domainName', 'certificateArn', 'alarmEmail', 'stripePublishableKey', 'originVerifyRotation']) expect(cdkJsonContext[key]).toBe('')
  })
})

describe.each(both)('stage %s: names', (stage, s) => {
  it('names every stack Gunsmith-<stage>-<Concern>', () => {
    expect(STACK_KEYS.map((k) => s.stacks[k].stackName)).toEqual(
      ['Data', 'Auth', 'Api', 'Web', 'Notify', 'Monitoring'].map((c) => `Gunsmith-${stage}-${c}`),
    )
  })

  it('puts the stage into the names it sets (pool, API, topic, dashboard, web ACL) and into every function', () => {
    s.t.auth.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolName: `gunsmith-${stage}` })
    s.t.api.hasResourceProperties('AWS::ApiGatewayV2::Api', { Name: `gunsmith-${stage}` })
    s.t.monitoring.hasResourceProperties('AWS::SNS::Topic', { TopicName: `gunsmith-${stage}-alarms` })
    s.t.monitoring.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: `Gunsmith-${stage}` })
    for (const { r } of allResources(s).filter((x) => x.r.Type === 'AWS::CloudWatch::Alarm')) {
      expect(r.Properties.AlarmName).toMatch(new RegExp(`^gunsmith-${stage}-`))
    }
    for (const k of ['auth', 'api'] as const) {
      for (const [, fn] of resourcesOf(s.json[k], 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment)) {
        expect(fn.Properties.Environment.Variables.STAGE).toBe(stage)
      }
    }
  })
})

describe('prod keeps its data', () => {
  it('retains the table, with deletion protection and point-in-time recovery', () => {
    prod.t.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    })
  })

  it('retains the backup vault of the table and its key (the recovery points outlive the stack)', () => {
    for (const type of ['AWS::Backup::BackupVault', 'AWS::KMS::Key']) {
      const found = resourcesOf(prod.json.data, type)
      expect(found, type).toHaveLength(1)
      expect(found[0][1].DeletionPolicy, type).toBe('Retain')
    }
  })

  it('retains the user pool, with deletion protection', () => {
    prod.t.auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    })
  })

  it('retains the Stripe secrets, the site bucket and the function and access logs', () => {
    for (const { stack, r } of allResources(prod).filter((x) =>
      ['AWS::SecretsManager::Secret', 'AWS::S3::Bucket'].includes(x.r.Type),
    )) {
      expect(r.DeletionPolicy, `${stack} ${r.Type}`).toBe('Retain')
    }
    const logGroups = [prod.stacks.auth.postConfirmation.logGroup, prod.stacks.api.accessLogs, ...Object.values(prod.stacks.api.functions).map((f) => f!.logGroup)]
    for (const lg of logGroups) {
      const key = lg.stack === prod.stacks.auth ? 'auth' : 'api'
      expect(prod.json[key].Resources[logicalId(lg)].DeletionPolicy).toBe('Retain')
    }
  })

  it('does not empty the site bucket on delete', () => {
    expect(resourcesOf(prod.json.web, 'Custom::S3AutoDeleteObjects')).toEqual([])
  })
})

describe('dev can be destroyed', () => {
  it('deletes the table with the stack (no deletion protection), keeping point-in-time recovery for restores', () => {
    dev.t.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({
        DeletionProtectionEnabled: false,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    })
  })

  it('deletes the user pool with the stack', () => {
    dev.t.auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }) })
  })

  it('empties and deletes the site bucket', () => {
    expect(resourcesOf(dev.json.web, 'Custom::S3AutoDeleteObjects')).toHaveLength(1)
    dev.t.web.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' })
  })

  it('has nothing anywhere that is retained or protected against deletion, but the condition photos (evidence, every stage)', () => {
    const photos = logicalId(dev.stacks.data.photos.bucket)
    for (const { stack, id, r } of allResources(dev)) {
      if (stack === 'data' && id === photos) {
        expect([r.DeletionPolicy, r.UpdateReplacePolicy]).toEqual(['Retain', 'Retain'])
        continue
      }
      expect(r.DeletionPolicy ?? 'Delete', `${stack}/${id}`).toBe('Delete')
      expect(r.UpdateReplacePolicy ?? 'Delete', `${stack}/${id}`).toBe('Delete')
      expect(r.Properties?.DeletionProtectionEnabled ?? false, `${stack}/${id}`).toBe(false)
      expect(r.Properties?.DeletionProtection ?? 'INACTIVE', `${stack}/${id}`).toBe('INACTIVE')
    }
  })
})

describe('custom domain (context domainName + certificateArn)', () => {
  const config = (s: Synth) => resourcesOf(s.json.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig

  it('serves the domain with the us-east-1 certificate and TLS 1.2 minimum', () => {
    expect(config(prod).Aliases).toEqual(['portal.example.com'])
    expect(config(prod).ViewerCertificate).toEqual({
      AcmCertificateArn: CERT,
      SslSupportMethod: 'sni-only',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    })
    expect(prod.json.web.Outputs.SiteUrl.Value).toBe('https://portal.example.com')
    const webhook = deployedRoutesFor('stripe-webhook').find((r) => r.method === 'POST')
    if (webhook) expect(prod.json.web.Outputs.StripeWebhookUrl.Value).toBe(`https://portal.example.com${webhook.path}`)
  })

  it('uses the default CloudFront name without one', () => {
    expect(config(dev).Aliases).toBeUndefined()
    expect(config(dev).ViewerCertificate).toBeUndefined()
  })
})

describe('stage throttling (context throttleRateLimit / throttleBurstLimit)', () => {
  it.each([
    ['dev', dev, CONTEXT_DEFAULTS.throttleRateLimit, CONTEXT_DEFAULTS.throttleBurstLimit],
    ['prod', prod, 20, 40],
  ] as const)('%s: rate %i, burst %i on $default', (_stage, s, rate, burst) => {
    s.t.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst },
    })
  })
})

describe('WAF (context enableWaf / wafRateLimit)', () => {
  const webAcl = (s: Synth) => {
    const acls = resourcesOf(s.json.web, 'AWS::WAFv2::WebACL')
    expect(acls).toHaveLength(1)
    return acls[0]
  }

  it('puts a CLOUDFRONT web ACL with two per-IP rate-based block rules and the three AWS managed rule groups on the distribution', () => {
    const [aclId, acl] = webAcl(prod)
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } })
    const rules = acl.Properties.Rules
    expect(rules[0]).toEqual(
      expect.objectContaining({
        Name: 'RateLimitPerIp',
        Action: { Block: {} },
        Statement: { RateBasedStatement: { Limit: 500, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
      }),
    )
    expect(rules[1]).toMatchObject({ Name: 'RateLimitWritesPerIp', Statement: { RateBasedStatement: { Limit: 50, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } } })
    const managed = rules.slice(2).map((r: any) => r.Statement.ManagedRuleGroupStatement)
    expect(managed.map((m: any) => `${m.VendorName}/${m.Name}`).sort()).toEqual(
      ['AWS/AWSManagedRulesAmazonIpReputationList', 'AWS/AWSManagedRulesCommonRuleSet', 'AWS/AWSManagedRulesKnownBadInputsRuleSet'],
    )
    // Enforced (OverrideAction none), each with its own metric; only the common set's 8 KB body rule is counted.
    for (const r of rules.slice(2)) {
      expect(r.OverrideAction, r.Name).toEqual({ None: {} })
      expect(r.VisibilityConfig.CloudWatchMetricsEnabled, r.Name).toBe(true)
    }
    const overrides = managed.flatMap((m: any) => m.RuleActionOverrides ?? [])
    expect(overrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }])
    // Priorities unique.
    expect(new Set(rules.map((r: any) => r.Priority)).size).toBe(rules.length)
    const d = resourcesOf(prod.json.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig
    expect(d.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] })
  })

  it('leaves the signed Stripe webhook out of the managed groups (not out of the rate rule)', () => {
    const [, acl] = webAcl(prod)
    const webhookPath = deployedRoutesFor('stripe-webhook').find((r) => r.method === 'POST')?.path
    for (const r of acl.Properties.Rules.slice(2)) {
      const scope = r.Statement.ManagedRuleGroupStatement.ScopeDownStatement
      if (!webhookPath) expect(scope).toBeUndefined()
      else expect(scope.NotStatement.Statement.ByteMatchStatement).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'EXACTLY', SearchString: webhookPath })
    }
    expect(acl.Properties.Rules[0].Statement.RateBasedStatement.ScopeDownStatement).toBeUndefined()
  })

  it('counts note and payment-intent creation per client IP and answers 429 in the API error shape over the limit', () => {
    const [, acl] = webAcl(prod)
    const rule = acl.Properties.Rules.find((r: any) => r.Name === 'RateLimitWritesPerIp')
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: WAF_TOO_MANY_REQUESTS.key } } })
    const body = acl.Properties.CustomResponseBodies[WAF_TOO_MANY_REQUESTS.key]
    expect(body.ContentType).toBe('APPLICATION_JSON')
    expect(JSON.parse(body.Content)).toEqual({ error: { code: 'too_many_requests', message: expect.stringMatching(/wait/) } })
    const [method, path] = rule.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements
    expect(method.ByteMatchStatement).toMatchObject({ FieldToMatch: { Method: {} }, PositionalConstraint: 'EXACTLY', SearchString: 'POST' })
    expect(path.RegexMatchStatement.FieldToMatch).toEqual({ UriPath: {} })
    expect(path.RegexMatchStatement.TextTransformations.map((t: any) => t.Type)).toEqual(['URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE'])
    // The route table's paths of exactly these routes, each path parameter one segment.
    const regex = new RegExp(path.RegexMatchStatement.RegexString)
    expect(path.RegexMatchStatement.RegexString).toBe(routePathsPattern(PER_CLIENT_WRITE_ROUTES))
    for (const p of ['/api/orders/01HXYZ/notes', '/api/payments/intents']) expect(regex.test(p), p).toBe(true)
    for (const p of ['/api/orders', '/api/orders/01HXYZ', '/api/orders/a/b/notes', '/api/orders/01HXYZ/notes/x', '/api/payments/intents/pi_1', '/api/payments', '/api/admin/orders/01HXYZ/notes']) {
      expect(regex.test(p), p).toBe(false)
    }
  })

  it('logs the web ACL for a year and more, without the Authorization header or cookies', () => {
    const [aclId] = webAcl(prod)
    const [, logging] = resourcesOf(prod.json.web, 'AWS::WAFv2::LoggingConfiguration')[0]
    expect(logging.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] })
    expect(logging.Properties.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }])
    const groups = resourcesOf(prod.json.web, 'AWS::Logs::LogGroup').filter(([, g]) => String(g.Properties.LogGroupName ?? '').startsWith('aws-waf-logs-'))
    expect(groups).toHaveLength(1)
    expect(groups[0][1].Properties.RetentionInDays).toBeGreaterThanOrEqual(365)
    expect(JSON.stringify(logging.Properties.LogDestinationConfigs)).toContain(groups[0][0])
  })

  it('is on by default in prod, and -c enableWaf=false turns it off', () => {
    const prodDefault = synthStage({ ...PROD })
    webAcl(prodDefault)
    const rules = resourcesOf(prodDefault.json.web, 'AWS::WAFv2::WebACL')[0][1].Properties.Rules
    expect(rules[0].Statement.RateBasedStatement.Limit).toBe(CONTEXT_DEFAULTS.wafRateLimit)
    expect(rules[1].Statement.RateBasedStatement.Limit).toBe(CONTEXT_DEFAULTS.wafWriteRateLimit)
    const optedOut = synthStage({ ...PROD, enableWaf: 'false' })
    expect(resourcesOf(optedOut.json.web, 'AWS::WAFv2::WebACL')).toEqual([])
  })

  it('stops a deploy outside us-east-1 early with a clear message (CloudFormation rule)', () => {
    const rules = Object.entries<any>(prod.json.web.Rules ?? {}).filter(([id]) => id.startsWith('WafNeedsUsEast1')).map(([, r]) => r)
    expect(rules).toHaveLength(1)
    expect(rules[0].Assertions[0]).toEqual({
      Assert: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] },
      AssertDescription: expect.stringMatching(/us-east-1.*enableWaf=false/),
    })
  })

  it('is absent unless enabled (dev by default)', () => {
    expect(resourcesOf(dev.json.web, 'AWS::WAFv2::WebACL')).toEqual([])
    expect(Object.keys(dev.json.web.Rules ?? {}).filter((id) => id.startsWith('WafNeedsUsEast1'))).toEqual([])
  })
})

describe('context checks: a wrong value fails synth with a message that says what to pass', () => {
  const build = (context: Record<string, unknown>) => () => buildApp(fastApp(context), { webDist })
  it.each([
    [{ stage: 'Prod' }, /Invalid stage "Prod"/],
    [{ domainName: 'portal.example.com' }, /needs both -c domainName.*certificateArn/],
    [{ certificateArn: CERT }, /needs both/],
    [{ domainName: 'portal.example.com', certificateArn: CERT.replace('us-east-1', 'eu-west-1') }, /us-east-1/],
    [{ throttleRateLimit: 'fast' }, /throttleRateLimit=fast: expected a whole number/],
    [{ enableWaf: 'maybe' }, /enableWaf=maybe: expected true or false/],
    [{ enableWaf: 'true', wafWriteRateLimit: '5' }, /wafWriteRateLimit=5: expected a whole number from 10/],
    [{ originVerifyRotation: 'new value!' }, /originVerifyRotation=new value!: expected a short label/],
    [{ alarmEmail: 'ops' }, /alarmEmail=ops: expected an e-mail address/],
    [{ stripePublishableKey: ['sk', 'test', 'abc'].join('_') }, /publishable key.*secret keys go into Secrets Manager/],
  ])('%j', (context, message) => {
    expect(build(context)).toThrow(message)
  })
})
