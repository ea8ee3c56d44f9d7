import { AssetHashType, DockerImage, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { FunctionEnv } from './function-env.ts'
import { asReferencedFrom, nagResourceText } from './nag.ts'
import { LAMBDA_HANDLER, LocalLambdaBundling } from './lambda-bundle.ts'
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
}

export type TableAccessMode = 'read' | 'read-write'

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

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy })
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
          local: new LocalLambdaBundling(entry),
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
        [FunctionEnv.nodeOptions]: '--enable-source-maps',
      },
    })

    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 (LTS, supported by Lambda into 2027) is chosen over the newest runtime because the code is built and tested on Node 20/22-level language features; nodejs20.x is deprecated by AWS. Moving to 24 is a planned toolchain upgrade.',
    })

  }

  /** Sets TABLE_NAME and grants exactly read or read-write on the table and its indexes. */
  bindTable({ table, accessMode }: { table: ITable; accessMode: TableAccessMode }) {
    this.fn.addEnvironment(FunctionEnv.tableName, table.tableName)
    if (accessMode === 'read') table.grantReadData(this.role)
    else table.grantReadWriteData(this.role)
    this.acknowledgeIndexWildcard(table)
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

  private acknowledgeIndexWildcard(table: ITable) {
    const policy = this.role.node.tryFindChild('DefaultPolicy')
    if (!policy) return
    const tableArn = nagResourceText(this, asReferencedFrom(this, table.tableArn, table))
    Validations.of(policy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${tableArn}/index/*]`,
      reason:
        "The table grant includes `<table ARN>/index/*` so the function can query gsi1 and gsi2; the wildcard covers only this one table's own indexes.",
    })
  }
}
