import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type * as cognito from 'aws-cdk-lib/aws-cognito'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import * as events from 'aws-cdk-lib/aws-events'
import * as targets from 'aws-cdk-lib/aws-events-targets'
import * as iam from 'aws-cdk-lib/aws-iam'
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import type { Construct } from 'constructs'
import { deployedRoutesFor, functionGroups, routeKey, type FunctionGroup, type RouteDef } from '../../functions/routes.ts'
import { AppFunction, LOG_RETENTION, acknowledge } from '../constructs/app-function.ts'
import { metricNamespace } from '../constructs/metrics.ts'
import { TABLE_GRANTS } from '../constructs/table-grants.ts'
import type { PhotosBucket } from '../constructs/photos-bucket.ts'
import { FunctionEnv } from '../constructs/function-env.ts'
import { RECONCILE_ENTRY, writeGroupEntry } from '../constructs/lambda-bundle.ts'
import type { StageConfig } from '../constructs/stage-config.ts'

export interface ApiStackProps extends StackProps {
  config: StageConfig
  table: ITable
  userPool: cognito.IUserPool
  userPoolClient: cognito.IUserPoolClient
  /** Condition photos: api-admin presigns uploads and views, api-customer views. */
  photos: PhotosBucket
}

/**
 * The Cognito calls api-admin's code makes (functions/auth/users.ts: customer and staff accounts, an archive revoking the
 * customer's refresh tokens; functions/auth/staff-mfa.ts: AdminGetUser, the staff MFA check on every admin route), and
 * nothing more; no other API function gets Cognito rights (a person's own password change and sign-out use their
 * access token, which needs none).
 */
export const ADMIN_COGNITO_ACTIONS = [
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminGetUser',
  // User Management: an owner resets a staff member's authenticator app.
  'cognito-idp:AdminSetUserMFAPreference',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
] as const

/**
 * The writes each client gets a budget of its own for: the WAF's rate rule on exactly these routes counts them per
 * client IP (web-stack.ts), so one client sending too many is refused alone, and the others' checkouts go on.
 */
export const PER_CLIENT_WRITE_ROUTES = ['POST /api/orders/{orderId}/notes', 'POST /api/payments/intents'] as const

/**
 * Per-route throttles (HTTP API stage RouteSettings; the stage default from `throttleRateLimit`/`throttleBurstLimit`
 * covers every other route). API Gateway counts them per route for all callers together, so they are ceilings for the
 * whole shop, not a client's limit (that is the WAF's, PER_CLIENT_WRITE_ROUTES): the Stripe webhook gets its own
 * budget, so a flood on other routes cannot crowd out payment events; note and payment-intent creation get a ceiling
 * far above what the shop's customers send together, under the stage default and under what Stripe accepts (each
 * intent is a Stripe call or two), so that reaching it takes many clients at once, each of them held to the WAF's
 * limit.
 */
export const ROUTE_THROTTLES: Record<string, { rateLimit: number; burstLimit: number }> = {
  'POST /api/webhooks/stripe': { rateLimit: 20, burstLimit: 40 },
  'POST /api/orders/{orderId}/notes': { rateLimit: 25, burstLimit: 50 },
  'POST /api/payments/intents': { rateLimit: 25, burstLimit: 50 },
}
/** The header CloudFront adds to every API request (functions/lib/http.ts checks it; lower case, as the middleware normalizes). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify'
/** Concurrency reserved for (and capping) the webhook function: Stripe deliveries always find a free instance. */
export const WEBHOOK_RESERVED_CONCURRENCY = 5

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

/**
 * The custom metric the webhook alarm watches: every answer on the Stripe webhook route(s) that is not 2xx, from the
 * access log. 4xx counts too: a wrong or rolled signing secret makes every delivery a 400 (charged, not recorded).
 */
export const WEBHOOK_FAILURES_METRIC = 'StripeWebhookNon2xx'
/** Reconciliation differences (the count in its `payment reconciliation found differences` line). */
export const RECONCILE_DIFFERENCES_METRIC = 'ReconciliationDifferences'
/** Payments the reconciliation had to record because the webhook had not (its `reconciliation run` line, `recorded`). */
export const RECONCILE_RECOVERED_METRIC = 'PaymentsMissedByWebhook'
/** Reconciliation runs that stopped at their time budget before comparing their whole window (their `did not finish` line). */
export const RECONCILE_UNFINISHED_METRIC = 'ReconcileUnfinished'
/**
 * The `alert` of that line (RECONCILE_UNFINISHED_ALERT in functions/use-cases/reconcile-payments.ts; the observability
 * test holds the two equal and matches the filter to the line the use case logs).
 */
export const RECONCILE_UNFINISHED_ALERT_VALUE = 'reconcile_unfinished'
/** Requests the API answered 429 (a route or stage throttle, or an app limit such as a customer's notes), from the access log. */
export const API_TOO_MANY_REQUESTS_METRIC = 'Api429'
/** How often the reconciliation runs (the local stack runs it as often: infra/local/main.ts). */
export const RECONCILE_SCHEDULE = Duration.hours(6)
// Where the stacks and the tests have always found them; every function's log counts payment reviews (app-function.ts).
export { PAYMENTS_REVIEW_METRIC, metricNamespace } from '../constructs/metrics.ts'

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
  /** Generated value CloudFront sends in `x-origin-verify` and the API functions require (ORIGIN_VERIFY_HEADER). */
  readonly originVerifySecret: secretsmanager.Secret
  /** A CloudFormation dynamic reference to it, resolved at deploy time: the value is in no template. */
  readonly originVerifyValue: string
  private readonly photos: PhotosBucket

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props)
    const { config, table, userPool, userPoolClient } = props
    this.photos = props.photos
    const { stage, removalPolicy } = config

    this.stripeSecretKey = this.emptySecret('StripeSecretKey', `Stripe secret API key for Gunsmith ${stage}; created empty, filled by ops (docs/deploying.md)`, removalPolicy)
    this.stripeWebhookSecret = this.emptySecret('StripeWebhookSecret', `Stripe webhook signing secret for Gunsmith ${stage}; created empty, filled by ops (docs/deploying.md)`, removalPolicy)

    // The API answers only through CloudFront: CloudFront adds this generated value as a header, the functions refuse
    // a request without it (functions/lib/http.ts). HTTP APIs have no resource policy and the JWT authorizer checks
    // only the token, so the check is in the shared middleware (docs/deploying.md, "The edge").
    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: `Gunsmith ${stage}: the x-origin-verify header value CloudFront adds to API requests (generated; not a credential)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy,
    })
    acknowledge(this.originVerifySecret, ['AwsSolutions-SMG4'],
      'A Secrets Manager rotation function cannot reach where the value is used: CloudFront\'s origin header and the API functions\' environment, both resolved at deploy time. Ops rotates it by putting a new value and deploying with a new originVerifyRotation label, which updates both (docs/deploying.md). It grants no data access: every route still needs a Cognito token or a Stripe signature.')
    acknowledge(this.originVerifySecret, ['PCI.DSS.321-SecretsManagerUsingKMSKey'],
      'Encrypted with the account\'s aws/secretsmanager key: the value is a routing marker CloudFront adds (not a credential, no data behind it); no function reads it at run time, CloudFormation resolves it at deploy.')
    this.originVerifyValue = this.originVerifySecret.secretValue.unsafeUnwrap()

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `gunsmith-${stage}`,
      // Same origin as the SPA behind CloudFront: no CORS.
      createDefaultStage: false,
    })

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, removalPolicy })
    this.accessLogs = accessLogs
    acknowledge(accessLogs, ['PCI.DSS.321-CloudWatchLogGroupEncrypted'],
      'Encrypted at rest by CloudWatch Logs with its service key; the access log holds request ids, route keys, statuses and source IPs, no header, body or card data (ACCESS_LOG_FORMAT). A customer-managed KMS key would not narrow who can read it (IAM does).')
    const defaultStage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttle.rateLimit, burstLimit: config.throttle.burstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    })
    acknowledge(defaultStage, ['Serverless-APIGWStructuredLogging'],
      'The access log is JSON (ACCESS_LOG_FORMAT); cdk-nag cannot parse the format as JSON only because `status` is written unquoted, as a number, so that metric filters can compare it ($.status >= 500).')

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

    const deployedKeys = new Set(functionGroups.flatMap((g) => deployedRoutesFor(g).map(routeKey)))
    const throttled = Object.entries(ROUTE_THROTTLES).filter(([key]) => deployedKeys.has(key))
    ;(defaultStage.node.defaultChild as apigw.CfnStage).routeSettings = Object.fromEntries(
      // CloudFormation's own property names: the map is passed through as it is.
      throttled.map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }]),
    )
    // The stage's route settings name routes: deploy them after the routes exist.
    for (const child of this.node.children) if (child instanceof apigw.HttpRoute) defaultStage.node.addDependency(child)

    if (this.webhookRouteKeys.length > 0) {
      // Any answer but 2xx on a webhook route: a 5xx (function error, timeout) Stripe retries; a 4xx (wrong signing
      // secret, throttled, refused) means the event is not recorded. Either way customers may be charged with nothing recorded.
      accessLogs.addMetricFilter('StripeWebhookNon2xx', {
        filterPattern: logs.FilterPattern.all(
          logs.FilterPattern.any(...this.webhookRouteKeys.map((key) => logs.FilterPattern.stringValue('$.routeKey', '=', key))),
          logs.FilterPattern.any(logs.FilterPattern.numberValue('$.status', '<', 200), logs.FilterPattern.numberValue('$.status', '>=', 300)),
        ),
        metricNamespace: metricNamespace(stage),
        metricName: WEBHOOK_FAILURES_METRIC,
        metricValue: '1',
        defaultValue: 0,
      })
    }

    // Throttled answers do not reach a function: the access log is where they show. A spike means callers are being
    // turned away at a ceiling (or an app limit): the ApiTooManyRequests alarm.
    accessLogs.addMetricFilter('Api429', {
      filterPattern: logs.FilterPattern.numberValue('$.status', '=', 429),
      metricNamespace: metricNamespace(stage),
      metricName: API_TOO_MANY_REQUESTS_METRIC,
      metricValue: '1',
      defaultValue: 0,
    })

    // Every few hours: the provider's succeeded payments of the last week against the ledger (records a missed webhook, fills late receipts, reports differences).
    this.reconcile = new AppFunction(this, 'Fn-reconcile', {
      entry: RECONCILE_ENTRY,
      description: 'Gunsmith payment reconciliation with Stripe (scheduled)',
      stage,
      removalPolicy,
      timeout: Duration.minutes(5),
      invocation: 'schedule',
    })
    this.reconcile.bindTable({ table, grant: TABLE_GRANTS.reconcile })
    this.reconcile.bindStripeSecrets({ secretKey: this.stripeSecretKey })
    const schedule = new events.Rule(this, 'ReconcileSchedule', {
      description: 'Runs the payment reconciliation',
      schedule: events.Schedule.rate(RECONCILE_SCHEDULE),
      targets: [new targets.LambdaFunction(this.reconcile.fn, { retryAttempts: 2 })],
    })
    acknowledge(schedule, ['Serverless-EventBusDLQ'],
      'The schedule event carries no data: a run EventBridge could not start is not worth keeping, it is the next run 6 hours later; the ReconcileNotRunning alarm (no invocation in 12 hours) catches a schedule that stopped.')
    // Differences the reconciliation found, and payments it recorded because the webhook had not: silent loss, caught late.
    this.reconcile.logGroup.addMetricFilter('ReconciliationDifferences', {
      filterPattern: logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.alert', '=', 'payment_review'),
        logs.FilterPattern.stringValue('$.message', '=', 'payment reconciliation found differences'),
      ),
      metricNamespace: metricNamespace(stage),
      metricName: RECONCILE_DIFFERENCES_METRIC,
      metricValue: '$.count',
      defaultValue: 0,
    })
    this.reconcile.logGroup.addMetricFilter('PaymentsMissedByWebhook', {
      filterPattern: logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.message', '=', 'reconciliation run'),
        logs.FilterPattern.numberValue('$.recorded', '>', 0),
      ),
      metricNamespace: metricNamespace(stage),
      metricName: RECONCILE_RECOVERED_METRIC,
      metricValue: '$.recorded',
      defaultValue: 0,
    })
    // A run out of time is stored and logged, not thrown: without this, the payments it did not reach go unchecked quietly.
    this.reconcile.logGroup.addMetricFilter('ReconcileUnfinished', {
      filterPattern: logs.FilterPattern.stringValue('$.alert', '=', RECONCILE_UNFINISHED_ALERT_VALUE),
      metricNamespace: metricNamespace(stage),
      metricName: RECONCILE_UNFINISHED_METRIC,
      metricValue: '1',
      defaultValue: 0,
    })

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
    acknowledge(secret, ['PCI.DSS.321-SecretsManagerUsingKMSKey'],
      'Encrypted with the account\'s aws/secretsmanager key; who can read it is decided by IAM, secret by secret: only the functions granted secretsmanager:GetSecretValue on this ARN (the webhook signing secret: stripe-webhook alone). A customer-managed key would add a key policy to keep in step and a monthly key cost, not a narrower reader set.')
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
      // A new rotation label changes the function, so CloudFormation resolves ORIGIN_VERIFY again (stage-config.ts).
      description: `Gunsmith ${group} routes${config.originVerifyRotation ? ` (origin value ${config.originVerifyRotation})` : ''}`,
      stage: config.stage,
      removalPolicy: config.removalPolicy,
      invocation: 'api',
    })
    fn.bindTable({ table, grant: TABLE_GRANTS[group] })
    fn.fn.addEnvironment(FunctionEnv.originVerify, this.originVerifyValue)
    switch (group) {
      case 'api-customer':
        this.photos.grantCustomer(fn)
        // Creates and cancels payment intents with the secret key (the dev-only confirm route is not mounted in AWS).
        fn.bindStripeSecrets({ secretKey: this.stripeSecretKey })
        break
      case 'api-admin':
        fn.bindUserPool({ userPoolId: userPool.userPoolId })
        this.photos.grantAdmin(fn)
        fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...ADMIN_COGNITO_ACTIONS], resources: [userPool.userPoolArn] }))
        // Shown read-only on Settings → Email Settings: the sender is the deployment's, not the page's.
        fn.fn.addEnvironment(FunctionEnv.emailFrom, config.notifications.emailFrom)
        // Refunds card payments and cancels the open intents of orders staff delete, archive or reprice.
        fn.bindStripeSecrets({ secretKey: this.stripeSecretKey })
        break
      case 'stripe-webhook':
        fn.bindStripeSecrets({ secretKey: this.stripeSecretKey, webhookSecret: this.stripeWebhookSecret })
        // Its own share of the account's concurrency: a flood of customer or admin requests cannot starve payment events.
        ;(fn.fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = WEBHOOK_RESERVED_CONCURRENCY
        break
    }
    this.functions[group] = fn
    return fn
  }
}
