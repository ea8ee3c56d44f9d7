import * as fs from 'node:fs'
import * as path from 'node:path'
import { CustomResource, Duration, type RemovalPolicy } from 'aws-cdk-lib'
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources'
import * as logs from 'aws-cdk-lib/aws-logs'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import type * as sqs from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { BUNDLED_KIT_DIR, SITE_ENV_NAMES } from '../../functions/site/site-env.ts'
import { SITE_KIT_FOLDER, SITE_KIT_MANIFEST } from '../../functions/site/site-kit.ts'
import { AppFunction, acknowledge } from './app-function.ts'
import { streamDeadLetterQueue } from './dead-letter-queue.ts'
import { FunctionEnv } from './function-env.ts'
import { SITE_PUBLISHER_ENTRY } from './lambda-bundle.ts'
import { nagResourceText } from './nag.ts'
import { TABLE_GRANTS } from './table-grants.ts'

/** The key prefix the published pages live under in the site bucket: the only one the publisher may write. */
export const SITE_PAGES_PREFIX = 'prerendered/'
/** The custom resource type of the deploy-time publish. */
export const SITE_PAGES_RESOURCE_TYPE = 'Custom::SitePages'
/** Log lines of a publish that failed (functions/site/publisher-handler.ts logs alert=site_publish_failed). */
export const SITE_PUBLISH_FAILED_METRIC = 'SitePublishFailed'

/** The publisher's settings, exported for the tests and docs/deploying.md. */
export const SITE_PUBLISHER = {
  /** Rendering five pages with React's server renderer and writing them: seconds, not minutes. */
  timeout: Duration.seconds(60),
  /** The renderer is the whole SPA's server build (about 1.7 MB with its chunks): memory is also Lambda's CPU share. */
  memorySize: 1024,
  /** Settings writes are rare; one publish serves a whole batch (its last settings write). */
  batchSize: 10,
  retryAttempts: 3,
  maxRecordAge: Duration.hours(1),
  /** How long CloudFormation waits for the deploy-time publish to answer (its default is an hour). */
  deployTimeout: Duration.minutes(5),
} as const

/**
 * The build of the web app's site kit in `webDist` (site.json `build`, a hash of the build), or null when the web
 * build has no kit (not built, or built before the kit existed).
 */
export function siteKitBuild(webDist: string): string | null {
  const file = path.join(webDist, SITE_KIT_FOLDER, SITE_KIT_MANIFEST)
  if (!fs.existsSync(file)) return null
  const build = (JSON.parse(fs.readFileSync(file, 'utf8')) as { build?: unknown }).build
  if (typeof build !== 'string' || !/^[0-9a-f]{16}$/.test(build)) throw new Error(`${file}: "build" is not the build hash the web build writes (16 hex characters); rebuild the web app (npm run build:web)`)
  return build
}

export interface SitePublisherProps {
  stage: string
  removalPolicy: RemovalPolicy
  /** The stage's metric namespace (api-stack.ts metricNamespace): SitePublishFailed is counted there. */
  metricNamespace: string
  /** The table, with its stream (data-stack.ts): the settings item is read and its writes start a publish. */
  table: dynamodb.ITable
  bucket: s3.IBucket
  distribution: cloudfront.IDistribution
  /** The web build (its `.site-kit` is carried in the function's asset). */
  webDist: string
  /** The kit's build (siteKitBuild): a new build runs the deploy-time publish again. */
  build: string
  /** The deployment of the site's files: the deploy-time publish runs after it, so the pages meet the build's assets. */
  after: Construct
}

/**
 * The site publisher (functions/site/publisher-handler.ts): renders the public pages with the shop's identity and
 * writes them to the site bucket's prerendered/ prefix, then invalidates them in CloudFront. Started by the table
 * stream when the settings item is written (Settings → General saved), and by a custom resource at every deploy
 * whose web build changed, after the site's files are deployed. The second consumer of the table stream, beside the
 * notifier (AWS advises at most two per shard).
 */
export class SitePublisher extends Construct {
  readonly publisher: AppFunction
  readonly deadLetterQueue: sqs.Queue
  readonly pages: CustomResource

  constructor(scope: Construct, id: string, props: SitePublisherProps) {
    super(scope, id)
    const { stage, removalPolicy, metricNamespace, table, bucket, distribution, webDist, build, after } = props

    this.deadLetterQueue = streamDeadLetterQueue(this, 'Dlq', {
      removalPolicy,
      holds: "the site publisher's stream mapping (it holds the stream position of settings writes whose pages could not be published)",
    })

    this.publisher = new AppFunction(this, 'Fn', {
      entry: SITE_PUBLISHER_ENTRY,
      description: "Gunsmith site publisher: renders the public pages with the shop's identity into the site bucket",
      stage,
      removalPolicy,
      timeout: SITE_PUBLISHER.timeout,
      memorySize: SITE_PUBLISHER.memorySize,
      invocation: 'stream',
      dlqReason:
        "Invoked by the table stream, whose records it gives up on go to the event source mapping's on-failure SQS queue (SitePublisherDlq, alarmed), and by CloudFormation for the deploy-time custom resource, whose handler reports success or failure to CloudFormation itself (a failure fails the deployment); a function dead-letter queue would never receive either.",
      // The web build's kit, as site-kit/ beside index.mjs (functions/site/site-env.ts BUNDLED_KIT_DIR).
      include: { dir: path.join(webDist, SITE_KIT_FOLDER), as: BUNDLED_KIT_DIR },
    })
    const fn = this.publisher.fn
    fn.addEnvironment(SITE_ENV_NAMES.bucket, bucket.bucketName)
    fn.addEnvironment(SITE_ENV_NAMES.distributionId, distribution.distributionId)
    // The build it carries: a deploy's request for another build (a rollback's) is answered without publishing.
    fn.addEnvironment(SITE_ENV_NAMES.build, build)

    // The settings item, by one GetItem (a deploy's publish); nothing else on the table.
    fn.addEnvironment(FunctionEnv.tableName, table.tableName)
    const role = this.publisher.role
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: TABLE_GRANTS['site-publisher'].actions.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }))
    // The pages only: the build's own files stay the BucketDeployment's.
    const pages = bucket.arnForObjects(`${SITE_PAGES_PREFIX}*`)
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [pages] }))
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [distribution.distributionArn] }))

    fn.addEventSource(
      new DynamoEventSource(table, {
        // TRIM_HORIZON: a mapping created after a settings write still publishes it (a publish is idempotent).
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: SITE_PUBLISHER.batchSize,
        retryAttempts: SITE_PUBLISHER.retryAttempts,
        maxRecordAge: SITE_PUBLISHER.maxRecordAge,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { NewImage: { __edb_e__: { S: lambda.FilterRule.isEqual('settings') } } },
          }),
        ],
      }),
    )

    const policy = role.node.tryFindChild('DefaultPolicy')
    if (!policy) throw new Error("The site publisher's role has no default policy: its cdk-nag acknowledgments need it")
    acknowledge(policy, [`AwsSolutions-IAM5[Resource::${nagResourceText(this, pages)}]`],
      "s3:PutObject on the site bucket's prerendered/ prefix only: the publisher writes one object per public page (prerendered/<path>/index.html), the paths the web build's kit lists; the rest of the bucket (the build's assets, index.html, config.json) stays out of its reach.")
    acknowledge(policy, ['AwsSolutions-IAM5[Resource::*]'],
      'dynamodb:ListStreams (added by the stream event source) is resource `*` by AWS design; every other action is on the table, its stream, the dead-letter queue, the prerendered/ prefix or this distribution.')

    this.publisher.logGroup.addMetricFilter('SitePublishFailed', {
      filterPattern: logs.FilterPattern.stringValue('$.alert', '=', 'site_publish_failed'),
      metricNamespace,
      metricName: SITE_PUBLISH_FAILED_METRIC,
      metricValue: '1',
      defaultValue: 0,
    })

    // At a deploy: CloudFormation invokes the function, which publishes and answers on the response URL. A new build
    // changes the properties, so the resource is updated (published again) by the deploy that ships it.
    this.pages = new CustomResource(this, 'Pages', {
      serviceToken: fn.functionArn,
      resourceType: SITE_PAGES_RESOURCE_TYPE,
      serviceTimeout: SITE_PUBLISHER.deployTimeout,
      properties: { Build: build },
    })
    this.pages.node.addDependency(after)
  }
}
