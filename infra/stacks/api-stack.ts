import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type * as cognito from 'aws-cdk-lib/aws-cognito'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import * as events from 'aws-cdk-lib/aws-events'
import * as targets from 'aws-cdk-lib/aws-events-targets'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import type { Construct } from 'constructs'
import { deployedRoutesFor, functionGroups, routeKey, type FunctionGroup, type RouteDef } from '../../functions/routes.ts'
import { AppFunction } from '../constructs/app-function.ts'
import { FunctionEnv } from '../constructs/function-env.ts'
import { RECONCILE_ENTRY, writeGroupEntry } from '../constructs/lambda-bundle.ts'
import type { StageConfig } from '../constructs/stage-config.ts'

export interface ApiStackProps extends StackProps {
  config: StageConfig
  table: ITable
  userPool: cognito.IUserPool
  userPoolClient: cognito.IUserPoolClient
}

/** Cognito admin calls made by api-admin (customer management); nothing else gets Cognito rights. */
export const ADMIN_COGNITO_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
] as const

const METHODS: Record<RouteDef['method'], apigw.HttpMethod> = {
  GET: apigw.HttpMethod.GET,
  POST: apigw.HttpMethod.POST,
  PUT: apigw.HttpMethod.PUT,
  PATCH: apigw.HttpMethod.PATCH,
  DELETE: apigw.HttpMethod.DELETE,
}

/** Why a route is public (by route key, else by function group); a public route with no reason fails synth. */
const PUBLIC_ROUTE_REASONS: Record<string, string> = {
  'GET /api/health': 'Health check for monitoring; it returns only a status and reads no user data.',
  'GET /api/shop': 'The shop identity every page shows before sign-in (name, phone, email, postal address); it reads one settings item and returns nothing else.',
  'stripe-webhook':
    'Stripe calls the webhook without a Cognito token; the function verifies the Stripe-Signature header over the raw body before parsing it.',
}

/** The custom metric the webhook alarm watches: 5xx answers on the Stripe webhook route(s), from the access log. */
export const WEBHOOK_FAILURES_METRIC = 'StripeWebhook5xx'
/** Payments staff must look at (a credit above the bill, a payment on a deleted order, one the provider did not confirm, a reconciliation difference): log lines with alert=payment_review. */
export const PAYMENTS_REVIEW_METRIC = 'PaymentsNeedReview'
/** How often the reconciliation runs (the local stack runs it as often: infra/local/main.ts). */
export const RECONCILE_SCHEDULE = Duration.hours(6)
export const metricNamespace = (stage: string) => `Gunsmith/${stage}`

/**
 * The HTTP API access log line. JSON with `status` as a number (not a string),
 * so a metric filter can compare it (`$.status >= 500`). No header, query string
 * or body is logged: only ids, the route key, and sizes and timings.
 */
export const ACCESS_LOG_FORMAT = `{${[
  ['requestId', '$context.requestId'],
  ['ip', '$context.identity.sourceIp'],
  ['requestTime', '$context.requestTime'],
  ['routeKey', '$context.routeKey'],
  ['status', '$context.status', 'number'],
  ['protocol', '$context.protocol'],
  ['responseLength', '$context.responseLength'],
  ['latency', '$context.responseLatency'],
  ['integrationError', '$context.integrationErrorMessage'],
  ['authorizerError', '$context.authorizer.error'],
  ['sub', '$context.authorizer.claims.sub'],
]
  .map(([key, value, type]) => (type === 'number' ? `"${key}":${value}` : `"${key}":"${value}"`))
  .join(',')}}`

export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi
  /** Host name of the execute-api endpoint, for the CloudFront origin. */
  readonly apiDomainName: string
  readonly functions: Partial<Record<FunctionGroup, AppFunction>> = {}
  readonly accessLogs: logs.LogGroup
  /** Created empty; ops puts the values (docs/deploying.md). */
  readonly stripeSecretKey: secretsmanager.Secret
  readonly stripeWebhookSecret: secretsmanager.Secret
  /** Route keys served by stripe-webhook (the webhook alarm watches these). */
  readonly webhookRouteKeys: string[]
  /** Path of the Stripe webhook route, if deployed (the URL to register in Stripe is the site URL + this). */
  readonly webhookPath: string | null
  /** The scheduled payment reconciliation (functions/jobs/reconcile.ts). */
  readonly reconcile: AppFunction

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props)
    const { config, table, userPool, userPoolClient } = props
    const { stage, removalPolicy } = config

    this.stripeSecretKey = this.emptySecret('StripeSecretKey', `Stripe secret API key for Gunsmith ${stage}; created empty, filled by ops (docs/deploying.md)`, removalPolicy)
    this.stripeWebhookSecret = this.emptySecret('StripeWebhookSecret', `Stripe webhook signing secret for Gunsmith ${stage}; created empty, filled by ops (docs/deploying.md)`, removalPolicy)

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `gunsmith-${stage}`,
      // Same origin as the SPA behind CloudFront: no CORS.
      createDefaultStage: false,
    })

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy })
    this.accessLogs = accessLogs
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttle.rateLimit, burstLimit: config.throttle.burstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    })

    const issuer = `https://cognito-idp.${Stack.of(userPool).region}.amazonaws.com/${userPool.userPoolId}`
    // Access tokens carry no `aud`; API Gateway then checks `client_id` against the audience.
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', issuer, {
      authorizerName: 'cognito-jwt',
      identitySource: ['$request.header.Authorization'],
      jwtAudience: [userPoolClient.userPoolClientId],
    })

    this.webhookRouteKeys = deployedRoutesFor('stripe-webhook').map(routeKey)
    this.webhookPath = deployedRoutesFor('stripe-webhook').find((r) => r.method === 'POST')?.path ?? null
    for (const group of functionGroups) {
      const groupRoutes = deployedRoutesFor(group)
      if (groupRoutes.length === 0) continue
      const fn = this.createGroupFunction(group, config, table, userPool, userPoolClient)
      const integration = new HttpLambdaIntegration(`${group}-integration`, fn.fn)
      for (const r of groupRoutes) {
        const key = routeKey(r)
        const route = new apigw.HttpRoute(this, `Route ${key}`, {
          httpApi: this.httpApi,
          routeKey: apigw.HttpRouteKey.with(r.path, METHODS[r.method]),
          integration,
          // 'admin' routes are checked again inside api-admin (cognito:groups).
          authorizer: r.access === 'public' ? new apigw.HttpNoneAuthorizer() : authorizer,
        })
        if (r.access === 'public') {
          const reason = PUBLIC_ROUTE_REASONS[key] ?? PUBLIC_ROUTE_REASONS[group]
          if (!reason) throw new Error(`Public route ${key} needs a reason in PUBLIC_ROUTE_REASONS (infra/stacks/api-stack.ts)`)
          Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason })
        }
      }
    }

    if (this.webhookRouteKeys.length > 0) {
      // Any 5xx on a webhook route (function error, timeout or integration failure): Stripe retries, but payments wait.
      accessLogs.addMetricFilter('StripeWebhook5xx', {
        filterPattern: logs.FilterPattern.all(
          logs.FilterPattern.any(...this.webhookRouteKeys.map((key) => logs.FilterPattern.stringValue('$.routeKey', '=', key))),
          logs.FilterPattern.numberValue('$.status', '>=', 500),
        ),
        metricNamespace: metricNamespace(stage),
        metricName: WEBHOOK_FAILURES_METRIC,
        metricValue: '1',
        defaultValue: 0,
      })
    }

    // Every few hours: the provider's succeeded payments of the last week against the ledger (records a missed webhook, fills late receipts, reports differences).
    this.reconcile = new AppFunction(this, 'Fn-reconcile', {
      entry: RECONCILE_ENTRY,
      description: 'Gunsmith payment reconciliation with Stripe (scheduled)',
      stage,
      removalPolicy,
      timeout: Duration.minutes(5),
    })
    this.reconcile.bindTable({ table, accessMode: 'read-write' })
    this.reconcile.bindStripeSecrets({ secretKey: this.stripeSecretKey })
    new events.Rule(this, 'ReconcileSchedule', {
      description: 'Runs the payment reconciliation',
      schedule: events.Schedule.rate(RECONCILE_SCHEDULE),
      targets: [new targets.LambdaFunction(this.reconcile.fn, { retryAttempts: 2 })],
    })
    // The payments alarm counts what the webhook and the reconciliation flag for staff.
    for (const [name, fn] of [['webhook', this.functions['stripe-webhook']], ['reconcile', this.reconcile]] as const) {
      fn?.logGroup.addMetricFilter(`PaymentsNeedReview-${name}`, {
        filterPattern: logs.FilterPattern.stringValue('$.alert', '=', 'payment_review'),
        metricNamespace: metricNamespace(stage),
        metricName: PAYMENTS_REVIEW_METRIC,
        metricValue: '1',
        defaultValue: 0,
      })
    }

    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint })
    new CfnOutput(this, 'AccessLogGroupName', { value: accessLogs.logGroupName, description: 'HTTP API access log' })
    for (const [group, fn] of Object.entries(this.functions)) {
      const pascal = group.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())
      new CfnOutput(this, `${pascal}LogGroupName`, { value: fn.logGroup.logGroupName, description: `Logs of the ${group} function` })
    }
    // ARNs only (not secrets): ops fills the values with `aws secretsmanager put-secret-value --secret-id <ARN>`.
    new CfnOutput(this, 'StripeSecretKeySecretArn', { value: this.stripeSecretKey.secretArn, description: 'Put the Stripe secret key here' })
    new CfnOutput(this, 'StripeWebhookSecretArn', { value: this.stripeWebhookSecret.secretArn, description: 'Put the Stripe webhook signing secret here' })
  }

  /**
   * A secret with no value: the L2 construct would generate a random string, which
   * looks like a real value to the functions; without SecretString and
   * GenerateSecretString, CloudFormation creates the secret empty (no version).
   */
  private emptySecret(id: string, description: string, removalPolicy: RemovalPolicy): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, id, { description, removalPolicy })
    ;(secret.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride('GenerateSecretString')
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A Stripe API key or webhook signing secret can only be rolled in the Stripe dashboard, not by a Secrets Manager rotation function; ops rolls it there and puts the new value here (docs/deploying.md).',
    })
    return secret
  }

  /** One function per group, with only that group's grants. */
  private createGroupFunction(
    group: FunctionGroup,
    config: StageConfig,
    table: ITable,
    userPool: cognito.IUserPool,
    userPoolClient: cognito.IUserPoolClient,
  ): AppFunction {
    const fn = new AppFunction(this, `Fn-${group}`, {
      entry: writeGroupEntry(group),
      description: `Gunsmith ${group} routes`,
      stage: config.stage,
      removalPolicy: config.removalPolicy,
    })
    fn.bindTable({ table, accessMode: 'read-write' })
    switch (group) {
      case 'api-customer':
        // Creates and cancels payment intents with the secret key (the dev-only confirm route is not mounted in AWS).
        fn.bindStripeSecrets({ secretKey: this.stripeSecretKey })
        break
      case 'api-admin':
        fn.bindUserPool({ userPoolId: userPool.userPoolId })
        userPool.grant(fn.role, ...ADMIN_COGNITO_ACTIONS)
        // Shown read-only on Settings → Email Settings: the sender is the deployment's, not the page's.
        fn.fn.addEnvironment(FunctionEnv.emailFrom, config.notifications.emailFrom)
        // Refunds card payments and cancels the open intents of orders staff delete, archive or reprice.
        fn.bindStripeSecrets({ secretKey: this.stripeSecretKey })
        break
      case 'stripe-webhook':
        fn.bindStripeSecrets({ secretKey: this.stripeSecretKey, webhookSecret: this.stripeWebhookSecret })
        break
    }
    this.functions[group] = fn
    return fn
  }
}
