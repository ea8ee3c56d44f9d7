import { AssetHashType, DockerImage, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct, type IConstruct } from 'constructs'
import { FunctionEnv } from './function-env.ts'
import { LAMBDA_HANDLER, LAMBDA_NODE_OPTIONS, LocalLambdaBundling, type BundledDir } from './lambda-bundle.ts'
import { PAYMENT_REVIEW_ALERT_VALUE, PAYMENTS_REVIEW_METRIC, metricNamespace } from './metrics.ts'
import { repoRoot } from './paths.ts'

export interface AppFunctionProps {
  /** Absolute path of the TypeScript entry. */
  entry: string
  description: string
  stage: string
  timeout?: Duration
  memorySize?: number
  /** RETAIN keeps the log group when the stack goes (prod); DESTROY removes it (disposable stages). */
  removalPolicy: RemovalPolicy
  /** How the function is invoked: decides which cdk-nag acknowledgments are true of it (Serverless-LambdaDLQ). */
  invocation: 'api' | 'cognito-trigger' | 'schedule' | 'stream'
  /** Why no function dead-letter queue, when the invocation's usual reason is not the whole truth (the site publisher's). */
  dlqReason?: string
  /** A folder the asset carries beside the bundle (the site publisher's kit, `site-kit/`); none by default. */
  include?: BundledDir
}

/**
 * How long every log group of the app is kept (functions, the API access log, the WAF log, the deployment helpers'):
 * a year and a month. Card disputes arrive months after a charge, a year of audit trail is the compliance floor, and
 * a log line may be the only trace of who did what to an order; test/infra/observability.test.ts holds every log
 * group of every stack to at least a year.
 */
export const LOG_RETENTION = logs.RetentionDays.THIRTEEN_MONTHS

/**
 * One DynamoDB grant: the item actions a function's code calls, on the table, and Query on exactly the
 * indexes it reads (never `index/*`). `dynamodb:Scan` is never granted: no code path scans. Transactions
 * (ElectroDB `transaction.write`) are authorized per item by PutItem, UpdateItem, DeleteItem and
 * ConditionCheckItem: there is no separate IAM action for TransactWriteItems.
 */
export interface TableGrant {
  actions: readonly string[]
  /** Index names the function queries (table-schema.ts); Query must be in `actions` when there are any. */
  indexes?: readonly string[]
}

/** Tells cdk-nag a finding is known, with the reason, for several rule ids at once. */
export function acknowledge(scope: IConstruct, ids: readonly string[], reason: string) {
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason })
}

/**
 * Every function's defaults in one place (runtime, architecture, bundling, log
 * group, role), and the helpers that give a function exactly the access it needs.
 */
export class AppFunction extends Construct {
  readonly fn: LambdaFunction
  readonly role: iam.Role
  readonly logGroup: logs.LogGroup

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id)
    const { entry, description, stage, removalPolicy, timeout = Duration.seconds(10), memorySize = 512 } = props

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy })
    // Counted in every function's log, not only where payment review is expected today: the webhook and the
    // reconciliation flag payments, and so does api-customer when it records an intent it found paid before the
    // webhook did; any function that reaches that code later is counted without anyone remembering to add it.
    this.logGroup.addMetricFilter('PaymentsNeedReview', {
      filterPattern: logs.FilterPattern.stringValue('$.alert', '=', PAYMENT_REVIEW_ALERT_VALUE),
      metricNamespace: metricNamespace(stage),
      metricName: PAYMENTS_REVIEW_METRIC,
      metricValue: '1',
      defaultValue: 0,
    })
    // Own role instead of AWSLambdaBasicExecutionRole: log writes scoped to this function's log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${description} (${stage})`,
    })
    this.logGroup.grantWrite(this.role)

    this.fn = new LambdaFunction(this, 'Fn', {
      code: Code.fromAsset(repoRoot, {
        // The hash of what is deployed, not of the whole repository.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // esbuild runs in-process (infra/constructs/lambda-bundle.ts); the image is never pulled.
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
          local: new LocalLambdaBundling(entry, props.include ? { include: props.include } : {}),
        },
      }),
      handler: LAMBDA_HANDLER,
      description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout,
      memorySize,
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        [FunctionEnv.stage]: stage,
        [FunctionEnv.nodeOptions]: LAMBDA_NODE_OPTIONS,
      },
    })

    const runtimeReason =
      'Node.js 22 (LTS, supported by Lambda into 2027) is chosen over the newest runtime because the code is built and tested on Node 20/22-level language features; nodejs20.x is deprecated by AWS. Moving to 24 is a planned toolchain upgrade.'
    acknowledge(this.fn, ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion'], runtimeReason)
    acknowledge(this.fn, ['Serverless-LambdaTracing'],
      'No X-Ray: every log line is structured JSON with the request id (functions/lib/logger.ts) and the dashboard has per-function duration and errors; active tracing would add a per-trace cost and an xray:PutTraceSegments grant on `*` to every role.')
    acknowledge(this.fn, ['PCI.DSS.321-LambdaInsideVPC'],
      'No VPC: the functions reach only AWS public service endpoints (DynamoDB, Secrets Manager, Cognito, SES, SNS) and Stripe over TLS, and hold no cardholder data (card details go from the browser to Stripe, never through these functions). A VPC would need a NAT gateway for Stripe (fixed cost) and protects no private resource.')
    const dlqReason = {
      api: 'Invoked synchronously by API Gateway: the caller gets the error (a 5xx, alarmed per function and on the API 5xx rate); a dead-letter queue applies to asynchronous invocations only.',
      'cognito-trigger': 'Invoked synchronously by Cognito (post-confirmation): a failure fails the sign-up confirmation visibly and raises the function error alarm; a dead-letter queue applies to asynchronous invocations only.',
      schedule: 'The scheduled event carries no data to keep: a failed run raises the reconcile error alarm, the next run (6 hours later) covers the same 7-day window, and ReconcileNotRunning alarms when no run happens for 12 hours.',
      stream: 'Invoked by the table stream: records it gives up on go to the event source mapping\'s on-failure SQS queue (NotifierDlq, alarmed); a function dead-letter queue would never receive stream records.',
    }[props.invocation]
    acknowledge(this.fn, ['Serverless-LambdaDLQ'], props.dlqReason ?? dlqReason)
    this.acknowledgeInlinePolicy()
    acknowledge(this.logGroup, ['PCI.DSS.321-CloudWatchLogGroupEncrypted'],
      'Encrypted at rest by CloudWatch Logs with its service key; the lines hold ids, amounts and statuses, never card data or secrets (Stripe.js sends card details to Stripe directly). A customer-managed KMS key would add a key policy and a monthly key cost without reducing who can read the logs (IAM decides that).')
  }

  /** The role's default policy, once a grant has created it: cdk-nag findings about the policy are acknowledged there. */
  private acknowledgeInlinePolicy() {
    const policy = this.role.node.tryFindChild('DefaultPolicy')
    if (policy) {
      acknowledge(policy, ['PCI.DSS.321-IAMNoInlinePolicy'],
        "CDK's per-role policy (AWS::IAM::Policy) attached to this one function's own role and nothing else: it is the least-privilege grant of exactly this function (test/infra/security.test.ts asserts its actions); a managed policy would only make it attachable elsewhere.")
    }
  }

  /** Sets TABLE_NAME and grants exactly the DynamoDB actions given, on the table and the named indexes only. */
  bindTable({ table, grant }: { table: ITable; grant: TableGrant }) {
    this.fn.addEnvironment(FunctionEnv.tableName, table.tableName)
    const itemActions = grant.actions.map((a) => `dynamodb:${a}`)
    if (grant.actions.includes('Scan')) throw new Error('dynamodb:Scan is never granted: no code path scans the table')
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: itemActions, resources: [table.tableArn] }))
    if (grant.indexes?.length) {
      if (!grant.actions.includes('Query')) throw new Error('An index grant needs Query')
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: grant.indexes.map((i) => `${table.tableArn}/index/${i}`) }),
      )
    }
  }

  /** Sets the pool id the functions read to manage accounts in Cognito. */
  bindUserPool({ userPoolId }: { userPoolId: string }) {
    this.fn.addEnvironment(FunctionEnv.userPoolId, userPoolId)
  }

  /**
   * Sets the secret ARNs (not the values; the webhook signing secret only for the function that verifies events: functions/lib/stripe-secrets.ts fetches
   * those at run time) and grants secretsmanager:GetSecretValue on exactly these secrets.
   * A separate statement with that one action: Secret.grantRead would add DescribeSecret.
   */
  bindStripeSecrets({ secretKey, webhookSecret }: { secretKey: ISecret; webhookSecret?: ISecret }) {
    this.fn.addEnvironment(FunctionEnv.stripeSecretKeySecretArn, secretKey.secretArn)
    if (webhookSecret) this.fn.addEnvironment(FunctionEnv.stripeWebhookSecretArn, webhookSecret.secretArn)
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secretKey.secretArn, ...(webhookSecret ? [webhookSecret.secretArn] : [])],
      }),
    )
  }
}
