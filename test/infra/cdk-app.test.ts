import { INDEX_NAMES } from '../../functions/db/table-schema.ts'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Stack } from 'aws-cdk-lib'
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions'
import * as s3 from 'aws-cdk-lib/aws-s3'
import type * as iam from 'aws-cdk-lib/aws-iam'
import { describe, expect, it } from 'vitest'
import { deployedRoutesFor, functionGroups, groupEnv, routeKey, routes, type FunctionGroup } from '../../functions/routes.ts'

/** Routes that exist in AWS: dev-only routes (local payments mode) are never deployed. */
const deployed = routes.filter((r) => !r.devOnly)
import { buildApp } from '../../infra/bin/build-app.ts'
import { prerenderedPaths, spaFallbackCode } from '../../infra/stacks/web-stack.ts'
import { ENV_NAMES } from '../../functions/lib/env.ts'
import { RECONCILE_BUDGET_MS } from '../../functions/use-cases/reconcile-payments.ts'
import {
  actionsOf,
  exportedValue,
  fastApp,
  logicalId,
  resourcesOf,
  statementsFor,
  synthStage,
  tmp,
  webDist,
} from './helpers.ts'

// The default stage (dev), as `cdk synth` with no -c stage builds it. Stage differences: stages.test.ts.
const { stacks, t, json } = synthStage()

const userPoolRef = () => ({ Ref: logicalId(stacks.auth.userPool) })
const userPoolArn = () => ({ 'Fn::GetAtt': [logicalId(stacks.auth.userPool), 'Arn'] })
const clientRef = () => ({ Ref: logicalId(stacks.auth.userPoolClient) })
const tableArn = () => ({ 'Fn::GetAtt': [logicalId(stacks.data.table), 'Arn'] })
const tableRef = () => ({ Ref: logicalId(stacks.data.table) })
const notifierPolicyId = () => logicalId(stacks.notify.notifier.role.node.findChild('DefaultPolicy') as iam.Policy)
const digestPolicyId = () => logicalId(stacks.notify.digestSender.role.node.findChild('DefaultPolicy') as iam.Policy)
const publisherPolicyId = () => logicalId(stacks.web.sitePublisher!.publisher.role.node.findChild('DefaultPolicy') as iam.Policy)

describe('data stack: the single table', () => {
  it('has pk/sk and gsi1–gsi10 with their own keys, on-demand billing, TTL and point-in-time recovery', () => {
    t.data.resourceCountIs('AWS::DynamoDB::Table', 1)
    t.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith(
        ['pk', 'sk', ...INDEX_NAMES.flatMap((i) => [`${i}pk`, `${i}sk`])].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      GlobalSecondaryIndexes: INDEX_NAMES.map((index) => ({
        IndexName: index,
        KeySchema: [
          { AttributeName: `${index}pk`, KeyType: 'HASH' },
          { AttributeName: `${index}sk`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    })
  })

  it('declares only the first `tableIndexes` indexes when told (CloudFormation adds one per deploy)', () => {
    const built = buildApp(fastApp({ tableIndexes: '3' }), { webDist })
    const tables = Template.fromStack(built.data).findResources('AWS::DynamoDB::Table')
    expect(Object.values(tables)[0].Properties.GlobalSecondaryIndexes.map((g: { IndexName: string }) => g.IndexName)).toEqual(['gsi1', 'gsi2', 'gsi3'])
    expect(() => buildApp(fastApp({ tableIndexes: '1' }), { webDist })).toThrow(/tableIndexes=1/)
  })
})

describe('auth stack: Cognito', () => {
  it('has a user pool with email sign-in, self sign-up and an 8-character minimum password', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
    })
  })

  it('signs in case-insensitively: one email, one account', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', { UsernameConfiguration: { CaseSensitive: false } })
  })

  it('keeps an older case-sensitive pool as it is when told (legacyCaseSensitivePool: no replacement)', () => {
    const legacy = synthStage({ legacyCaseSensitivePool: 'true' })
    const [, pool] = resourcesOf(legacy.json.auth, 'AWS::Cognito::UserPool')[0]
    expect(pool.Properties.UsernameConfiguration).toBeUndefined()
    expect(() => buildApp(fastApp({ legacyCaseSensitivePool: 'maybe' }), { webDist })).toThrow(/legacyCaseSensitivePool=maybe/)
  })

  it('has the groups admin and customer', () => {
    const groups = resourcesOf(json.auth, 'AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties)
    expect(groups.map((g) => g.GroupName).sort()).toEqual(['admin', 'customer'])
    for (const g of groups) expect(g.UserPoolId).toEqual(userPoolRef())
  })

  it('has a public app client allowing SRP and refresh only (USER_PASSWORD_AUTH is the local stack\'s alone)', () => {
    t.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1)
    const [, client] = resourcesOf(json.auth, 'AWS::Cognito::UserPoolClient')[0]
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'])
    expect(client.Properties.PreventUserExistenceErrors).toBe('ENABLED')
    expect(client.Properties.GenerateSecret).toBe(false)
    expect(client.Properties.UserPoolId).toEqual(userPoolRef())
  })

  it('runs the post-confirmation trigger, which may add users to groups and sign them out everywhere in this pool only, and write the table', () => {
    const trigger = stacks.auth.postConfirmation
    // The same function records each sign-in (post-authentication): no other rights for it.
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PostConfirmation: { 'Fn::GetAtt': [logicalId(trigger.fn), 'Arn'] }, PostAuthentication: { 'Fn::GetAtt': [logicalId(trigger.fn), 'Arn'] } },
    })
    const fn = json.auth.Resources[logicalId(trigger.fn)].Properties
    expect(exportedValue(json.data, fn.Environment.Variables.TABLE_NAME)).toEqual(tableRef())

    const statements = statementsFor(json.auth, logicalId(trigger.role))
    const cognito = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('cognito-idp:')))
    expect(cognito).toHaveLength(1)
    expect(cognito[0].Action).toEqual(['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminUserGlobalSignOut'])
    expect(cognito[0].Resource).toEqual(userPoolArn())
    expect(actionsOf(statements)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem']))
  })
})

describe('api stack: HTTP API from functions/routes.ts', () => {
  const authorizerId = () => resourcesOf(json.api, 'AWS::ApiGatewayV2::Authorizer')[0][0]
  const groupFunctionId = (group: FunctionGroup) => logicalId(stacks.api.functions[group]!.fn)

  it('has exactly one route per deployed entry of the route table, and no dev-only route', () => {
    for (const r of routes.filter((x) => x.devOnly)) {
      expect(resourcesOf(json.api, 'AWS::ApiGatewayV2::Route').map(([, x]) => x.Properties.RouteKey)).not.toContain(routeKey(r))
    }
    t.api.resourceCountIs('AWS::ApiGatewayV2::Route', deployed.length)
  })

  it.each(deployed.map((r) => [routeKey(r), r] as const))('%s has its route key, authorization and function', (key, r) => {
    const matches = resourcesOf(json.api, 'AWS::ApiGatewayV2::Route').filter(([, x]) => x.Properties.RouteKey === key)
    expect(matches).toHaveLength(1)
    const route = matches[0][1].Properties
    if (r.access === 'public') {
      expect(route.AuthorizationType).toBe('NONE')
      expect(route.AuthorizerId).toBeUndefined()
    } else {
      expect(route.AuthorizationType).toBe('JWT')
      expect(route.AuthorizerId).toEqual({ Ref: authorizerId() })
    }
    const integrationId = route.Target['Fn::Join'][1][1].Ref
    const integration = json.api.Resources[integrationId].Properties
    expect(integration.IntegrationType).toBe('AWS_PROXY')
    expect(integration.PayloadFormatVersion).toBe('2.0')
    expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [groupFunctionId(r.fn), 'Arn'] })
  })

  it('has a JWT authorizer whose issuer is the user pool and whose audience is the app client', () => {
    t.api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1)
    const a = json.api.Resources[authorizerId()].Properties
    expect(a.AuthorizerType).toBe('JWT')
    expect(a.IdentitySource).toEqual(['$request.header.Authorization'])
    const [sep, parts] = a.JwtConfiguration.Issuer['Fn::Join']
    expect(sep).toBe('')
    expect(parts.slice(0, 3)).toEqual(['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/'])
    expect(exportedValue(json.auth, parts[3])).toEqual(userPoolRef())
    expect(a.JwtConfiguration.Audience).toHaveLength(1)
    expect(exportedValue(json.auth, a.JwtConfiguration.Audience[0])).toEqual(clientRef())
  })

  it('has one Node 22 arm64 function per function group that has routes, none for the others, and the scheduled reconciliation', () => {
    const withRoutes = functionGroups.filter((g) => deployedRoutesFor(g).length > 0)
    t.api.resourceCountIs('AWS::Lambda::Function', withRoutes.length + 1)
    for (const g of functionGroups) expect(Boolean(stacks.api.functions[g])).toBe(withRoutes.includes(g))
    t.api.allResourcesProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Architectures: ['arm64'] })
  })

  it('runs the payment reconciliation on a schedule, with the Stripe secret key only, and a 5 minute timeout', () => {
    const fnId = logicalId(stacks.api.reconcile.fn)
    expect(json.api.Resources[fnId].Properties.Timeout).toBe(300)
    // A minute past the run's budget, to store the run and log it when it stops there.
    expect(RECONCILE_BUDGET_MS + 60_000).toBeLessThanOrEqual(300 * 1000)
    const rules = Object.values<any>(json.api.Resources).filter((r) => r.Type === 'AWS::Events::Rule')
    expect(rules).toHaveLength(1)
    expect(rules[0].Properties.ScheduleExpression).toBe('rate(6 hours)')
    expect(rules[0].Properties.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } })])
    const vars = json.api.Resources[fnId].Properties.Environment.Variables
    expect(vars.STRIPE_SECRET_KEY_SECRET_ARN).toBeDefined()
    expect(vars.STRIPE_WEBHOOK_SECRET_ARN).toBeUndefined()
    expect(actionsOf(statementsFor(json.api, logicalId(stacks.api.reconcile.role))).filter((a) => a.startsWith('cognito-idp:'))).toEqual([])
  })

  it('gives every function what it requires at cold start (functions/routes.ts groupEnv), by the names functions/lib/env.ts declares', () => {
    for (const g of functionGroups.filter((x) => stacks.api.functions[x])) {
      const vars = json.api.Resources[groupFunctionId(g)].Properties.Environment.Variables
      expect(vars[ENV_NAMES.stage]).toBe(stacks.stage)
      for (const need of groupEnv[g]) expect(vars[ENV_NAMES[need]], `${g} ${need}`).toBeDefined()
      expect(exportedValue(json.data, vars[ENV_NAMES.tableName])).toEqual(tableRef())
      // Only the function that manages accounts gets the pool id.
      if (g === 'api-admin') expect(exportedValue(json.auth, vars[ENV_NAMES.userPoolId])).toEqual(userPoolRef())
      else expect(vars[ENV_NAMES.userPoolId], g).toBeUndefined()
      expect(vars.USER_POOL_CLIENT_ID, g).toBeUndefined()
      // The notification sender is shown on Settings → Email Settings: api-admin alone has it besides the notifier.
      expect(vars[ENV_NAMES.emailFrom], g).toBe(g === 'api-admin' ? 'notifications@example.com' : undefined)
    }
  })

  it('grants api-customer its item actions on the table (no Scan, no delete) and Query on the one index it reads (no index wildcard), and nothing in Cognito', () => {
    const statements = statementsFor(json.api, logicalId(stacks.api.functions['api-customer']!.role))
    expect(actionsOf(statements).filter((a) => a.startsWith('cognito-idp:'))).toEqual([])
    const table = statements.find((s) => actionsOf([s]).includes('dynamodb:PutItem'))
    expect(actionsOf([table]).sort()).toEqual(
      ['BatchGetItem', 'ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'].map((a) => `dynamodb:${a}`),
    )
    expect(exportedValue(json.data, table.Resource)).toEqual(tableArn())
    const indexes = statements.find((s) => JSON.stringify(s.Resource).includes('/index/'))
    expect(indexes.Action).toBe('dynamodb:Query')
    expect([indexes.Resource].flat().map((r: any) => r['Fn::Join'][1][1])).toEqual(['/index/gsi1'])
  })

  it('grants api-admin the Cognito admin actions on the user pool ARN only', () => {
    const statements = statementsFor(json.api, logicalId(stacks.api.functions['api-admin']!.role))
    const cognito = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('cognito-idp:')))
    expect(cognito).toHaveLength(1)
    expect([cognito[0].Action].flat().sort()).toEqual(
      [
        'AdminCreateUser',
        'AdminSetUserPassword',
        'AdminAddUserToGroup',
        'AdminDeleteUser',
        'AdminDisableUser',
        'AdminEnableUser',
        'AdminGetUser',
        // User Management: an owner resets a staff member's authenticator.
        'AdminSetUserMFAPreference',
        'AdminUpdateUserAttributes',
        'AdminUserGlobalSignOut',
      ]
        .map((a) => `cognito-idp:${a}`)
        .sort(),
    )
    expect(exportedValue(json.auth, cognito[0].Resource)).toEqual(userPoolArn())
    expect(actionsOf(statements)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']))
  })

  it('lets each function write only to its own log group', () => {
    for (const g of functionGroups.filter((x) => stacks.api.functions[x])) {
      const fn = stacks.api.functions[g]!
      const logs = statementsFor(json.api, logicalId(fn.role)).filter((s) => actionsOf([s]).some((a) => a.startsWith('logs:')))
      expect(logs).toEqual([
        expect.objectContaining({
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [logicalId(fn.logGroup), 'Arn'] },
        }),
      ])
      expect(json.api.Resources[logicalId(fn.role)].Properties.ManagedPolicyArns).toBeUndefined()
    }
  })

  it('has no policy statement with a wildcard action, and no resource "*" outside the CDK BucketDeployment handler (and the stream consumers\' ListStreams)', () => {
    for (const [name, tpl] of Object.entries(json)) {
      for (const [id, policy] of resourcesOf(tpl, 'AWS::IAM::Policy')) {
        for (const s of policy.Properties.PolicyDocument.Statement) {
          for (const a of actionsOf([s])) expect(a, `${name}/${id}`).not.toMatch(/^(\*|[\w-]+:\*)$/)
          if (id.startsWith('CustomCDKBucketDeployment')) continue
          // The notifier's SMS (sns:Publish to a phone number has no ARN; topics are denied) and the stream source's ListStreams.
          if (name === 'notify' && id === notifierPolicyId() && s.Effect === 'Allow' && [s.Resource].flat().includes('*')) {
            expect(actionsOf([s]).sort(), `${name}/${id}`).toEqual(['dynamodb:ListStreams', 'sns:Publish'])
            continue
          }
          // The digest sender's SMS alone (sns:Publish to a phone number; topics are denied), no stream.
          if (name === 'notify' && id === digestPolicyId() && s.Effect === 'Allow' && [s.Resource].flat().includes('*')) {
            expect(actionsOf([s]), `${name}/${id}`).toEqual(['sns:Publish'])
            continue
          }
          // The site publisher's stream source: ListStreams alone.
          if (name === 'web' && id === publisherPolicyId() && s.Effect === 'Allow' && [s.Resource].flat().includes('*')) {
            expect(actionsOf([s]), `${name}/${id}`).toEqual(['dynamodb:ListStreams'])
            continue
          }
          expect([s.Resource].flat(), `${name}/${id}`).not.toContain('*')
        }
      }
    }
  })

  it('logs access and throttles on the $default stage', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
      DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
    })
  })
})

describe('web stack: S3 + CloudFront', () => {
  const distribution = () => resourcesOf(json.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig

  it('keeps the site bucket private', () => {
    t.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    })
  })

  it('reads the bucket through an origin access control', () => {
    const s3Origin = distribution().Origins.find((o: any) => o.S3OriginConfig)
    expect(s3Origin.DomainName).toEqual({ 'Fn::GetAtt': [logicalId(stacks.web.bucket), 'RegionalDomainName'] })
    expect(s3Origin.OriginAccessControlId).toBeDefined()
    t.web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    })
  })

  it('sends /api/* to the HTTP API, uncached, with every viewer header but Host (so Authorization arrives)', () => {
    const d = distribution()
    const api = d.CacheBehaviors.filter((b: any) => b.PathPattern === '/api/*')
    expect(api).toHaveLength(1)
    expect(api[0].CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad') // Managed-CachingDisabled
    expect(api[0].OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac') // Managed-AllViewerExceptHostHeader
    expect(api[0].AllowedMethods.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'])
    expect(api[0].FunctionAssociations).toBeUndefined()
    const origin = d.Origins.find((o: any) => o.Id === api[0].TargetOriginId)
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] })
    const [, parts] = origin.DomainName['Fn::Join']
    expect(exportedValue(json.api, parts[0])).toEqual({ Ref: logicalId(stacks.api.httpApi) })
    expect(parts.slice(1, 3)).toEqual(['.execute-api.', { Ref: 'AWS::Region' }])
  })

  it('runs the SPA fallback on the S3 (default) behaviour only', () => {
    const d = distribution()
    const fnId = resourcesOf(json.web, 'AWS::CloudFront::Function')[0][0]
    expect(d.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ])
    expect(d.CacheBehaviors.every((b: any) => !b.FunctionAssociations)).toBe(true)
    expect(d.CustomErrorResponses).toBeUndefined()
  })

  it('the SPA fallback rewrites client routes to /index.html and leaves files alone', () => {
    const code = resourcesOf(json.web, 'AWS::CloudFront::Function')[0][1].Properties.FunctionCode as string
    const handler = new Function(`${code}; return handler`)() as (e: unknown) => { uri: string }
    const uriFor = (uri: string) => handler({ request: { uri } }).uri
    expect(uriFor('/')).toBe('/index.html')
    expect(uriFor('/orders/3f2a')).toBe('/index.html')
    expect(uriFor('/admin/customers')).toBe('/index.html')
    expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js')
    expect(uriFor('/config.json')).toBe('/config.json')
  })

  it('serves the pages the build pre-rendered from their own files, and the plain shell to every other client route', () => {
    // A build with pre-rendered pages (web/prerender/plugin.ts writes dist/prerendered/<path>/index.html).
    const dist = join(tmp, 'dist-prerendered')
    for (const dir of ['', 'prerendered', 'prerendered/login', 'prerendered/shipping-policy', 'prerendered/assets-not-a-page']) mkdirSync(join(dist, dir), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>')
    for (const page of ['prerendered/index.html', 'prerendered/login/index.html', 'prerendered/shipping-policy/index.html']) writeFileSync(join(dist, page), '<!doctype html><title>page</title>')
    expect(prerenderedPaths(dist)).toEqual(['/', '/login', '/shipping-policy'])
    expect(prerenderedPaths(join(tmp, 'not-built-at-all'))).toEqual([])

    const built = buildApp(fastApp(), { webDist: dist })
    const fn = Template.fromStack(built.web).findResources('AWS::CloudFront::Function')
    const code = Object.values(fn)[0].Properties.FunctionCode as string
    expect(code).toBe(spaFallbackCode(['/', '/login', '/shipping-policy']))
    const handler = new Function(`${code}; return handler`)() as (e: unknown) => { uri: string }
    const uriFor = (uri: string) => handler({ request: { uri } }).uri
    expect(uriFor('/')).toBe('/prerendered/index.html')
    expect(uriFor('/login')).toBe('/prerendered/login/index.html')
    expect(uriFor('/login/')).toBe('/prerendered/login/index.html')
    expect(uriFor('/shipping-policy')).toBe('/prerendered/shipping-policy/index.html')
    // Signed-in routes, unknown paths and near misses get the shell (a pre-rendered page there would hydrate wrongly).
    expect(uriFor('/dashboard')).toBe('/index.html')
    expect(uriFor('/admin')).toBe('/index.html')
    expect(uriFor('/login/extra')).toBe('/index.html')
    expect(uriFor('/Login')).toBe('/index.html')
    expect(uriFor('/index')).toBe('/index.html')
    expect(uriFor('/prerendered')).toBe('/index.html')
    // Files stay files.
    expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js')
    expect(uriFor('/prerendered/login/index.html')).toBe('/prerendered/login/index.html')
  })

  it('adds security headers, with a CSP allowing Cognito and Stripe', () => {
    const d = distribution()
    const policyRef = { Ref: resourcesOf(json.web, 'AWS::CloudFront::ResponseHeadersPolicy')[0][0] }
    expect(d.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(policyRef)
    const h = resourcesOf(json.web, 'AWS::CloudFront::ResponseHeadersPolicy')[0][1].Properties.ResponseHeadersPolicyConfig
      .SecurityHeadersConfig
    expect(h.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true })
    expect(h.ContentTypeOptions).toEqual({ Override: true })
    expect(h.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true })
    expect(h.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin')
    const csp = Stack.of(stacks.web).resolve(h.ContentSecurityPolicy.ContentSecurityPolicy)
    const text = JSON.stringify(csp)
    expect(text).toContain("default-src 'self'")
    expect(text).toContain('https://cognito-idp.')
    expect(text).toContain('https://js.stripe.com')
    expect(text).toContain('https://api.stripe.com')
    expect(text).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com')
  })

  it('writes /config.json from the stack outputs next to the SPA', () => {
    const deployment = resourcesOf(json.web, 'Custom::CDKBucketDeployment')[0][1].Properties
    expect(deployment.DestinationBucketName).toEqual({ Ref: logicalId(stacks.web.bucket) })
    expect(deployment.DistributionPaths).toEqual(['/*'])
    // config.json's content is checked on the real synth (synth-cli.test.ts): fast tests do not stage assets.
    // Its token values are filled in at deploy time from these markers.
    const markers = Object.values<unknown>(deployment.SourceMarkers.find((m: object) => Object.keys(m).length > 0))
    expect(markers).toHaveLength(3)
    expect(markers).toContainEqual({ Ref: 'AWS::Region' })
    const imported = markers.filter((m) => typeof m === 'object' && m && 'Fn::ImportValue' in m)
    expect(imported.map((m) => exportedValue(json.auth, m))).toEqual([userPoolRef(), clientRef()])
  })
})

describe('fresh clone and cdk-nag', () => {
  it('synthesizes on a fresh clone without web/dist, deploying a placeholder page and warning', () => {
    const s = buildApp(fastApp(), { webDist: join(tmp, 'not-built') })
    Annotations.fromStack(s.web).hasWarning('*', Match.stringLikeRegexp('npm run build:web'))
    Template.fromStack(s.web).resourceCountIs('Custom::CDKBucketDeployment', 1)
  })



  it('fails synth on an AwsSolutions error nobody acknowledged (cdk-nag is really on)', () => {
    const other = fastApp()
    buildApp(other, { webDist })
    const extra = new Stack(other, 'Unreviewed')
    new s3.Bucket(extra, 'NoLogsNoSsl')
    expect(() => other.synth()).toThrow(/AwsSolutions-S1'/)
  })
})
