import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources'
import * as logs from 'aws-cdk-lib/aws-logs'
import type * as sqs from 'aws-cdk-lib/aws-sqs'
import type { Construct } from 'constructs'
import { NOTIFY_ENV_NAMES } from '../../functions/notify/notify-env.ts'
import { acknowledge, AppFunction } from '../constructs/app-function.ts'
import { streamDeadLetterQueue } from '../constructs/dead-letter-queue.ts'
import { TABLE_GRANTS } from '../constructs/table-grants.ts'
import { FunctionEnv } from '../constructs/function-env.ts'
import { DIGEST_SENDER_ENTRY, NOTIFIER_ENTRY } from '../constructs/lambda-bundle.ts'
import * as events from 'aws-cdk-lib/aws-events'
import * as targets from 'aws-cdk-lib/aws-events-targets'

import type { StageConfig } from '../constructs/stage-config.ts'
import { metricNamespace } from './api-stack.ts'

export interface NotifyStackProps extends StackProps {
  config: StageConfig
  /** The table, with its stream (data-stack.ts). */
  table: dynamodb.ITable
  /** The portal's address for the links in messages (the Web stack's site URL). */
  portalUrl: string
}

/** Log lines of a notification the notifier could not deliver (functions/notify/notifier-handler.ts logs alert=notification_failed). */
export const NOTIFICATIONS_FAILED_METRIC = 'NotificationsFailed'

/** The stream settings of the notifier's event source mapping, exported for the tests and docs/deploying.md. */
export const NOTIFIER_STREAM = {
  batchSize: 25,
  retryAttempts: 5,
  maxRecordAge: Duration.hours(1),
  /** 60 s: well under the 2 minutes after which a stuck `sending` claim is taken over (docs/notifications.md). */
  timeout: Duration.seconds(60),
  /** SES and SMS sending quotas are per second: a few concurrent batches are plenty and keep a burst from tripping them. */
  reservedConcurrency: 5,
} as const

/**
 * The notifier (functions/notify/notifier-handler.ts) on the table's DynamoDB Stream: every notification item
 * inserted is sent by email (SES v2) and SMS (SNS), failures retried by the stream and finally recorded in a
 * dead-letter queue. Its own stack because it needs the site URL (Web stack), which depends on the API stack.
 */
/** How often the digest sender runs (the local stack runs it as often: infra/local/stack.ts); its run takes seconds. */
export const DIGEST_SCHEDULE = Duration.minutes(1)
export const DIGEST_SENDER_TIMEOUT = Duration.seconds(50)

export class NotifyStack extends Stack {
  readonly notifier: AppFunction
  /** Sends the due notification digests (functions/notify/digest-handler.ts), every minute. */
  readonly digestSender: AppFunction
  readonly deadLetterQueue: sqs.Queue

  constructor(scope: Construct, id: string, props: NotifyStackProps) {
    super(scope, id, props)
    const { config, table, portalUrl } = props
    const { stage, removalPolicy, notifications } = config

    this.notifier = new AppFunction(this, 'Fn-notifier', {
      entry: NOTIFIER_ENTRY,
      description: 'Gunsmith notifier: sends notification emails and SMS from the table stream',
      stage,
      removalPolicy,
      timeout: NOTIFIER_STREAM.timeout,
      invocation: 'stream',
    })
    const fn = this.notifier.fn
    // Reserved concurrency: a ceiling on parallel sends (SES/SNS rate quotas), not a reservation anyone else needs.
    ;(fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = NOTIFIER_STREAM.reservedConcurrency
    fn.addEnvironment(NOTIFY_ENV_NAMES.portalUrl, portalUrl)
    fn.addEnvironment(NOTIFY_ENV_NAMES.emailFrom, notifications.emailFrom)
    if (notifications.sesConfigurationSet) fn.addEnvironment(NOTIFY_ENV_NAMES.sesConfigurationSet, notifications.sesConfigurationSet)

    // Exactly the two item actions the notifier uses (read the profile/settings/notification, conditional claim and status).
    fn.addEnvironment(FunctionEnv.tableName, table.tableName)
    this.notifier.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: TABLE_GRANTS.notifier.actions.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }),
    )
    // SES: the one sending identity (and the configuration set, when there is one).
    this.notifier.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          this.formatArn({ service: 'ses', resource: 'identity', resourceName: notifications.sesIdentity }),
          ...(notifications.sesConfigurationSet
            ? [this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: notifications.sesConfigurationSet })]
            : []),
        ],
      }),
    )
    // SMS: a Publish to a phone number has no ARN, so `*`; topics (which do have ARNs) are denied below.
    this.notifier.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }))
    this.notifier.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${this.partition}:sns:*:*:*`] }),
    )

    this.deadLetterQueue = streamDeadLetterQueue(this, 'NotifierDlq', {
      removalPolicy,
      holds: "the notifier's stream mapping (it holds the stream position of records that could not be delivered)",
    })

    fn.addEventSource(
      new DynamoEventSource(table, {
        // TRIM_HORIZON: the first deploy (and a re-created mapping) also sends what was written in the last 24 hours
        // instead of silently skipping it; each channel is claimed once per notification, so nothing is sent twice.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: NOTIFIER_STREAM.batchSize,
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: NOTIFIER_STREAM.retryAttempts,
        maxRecordAge: NOTIFIER_STREAM.maxRecordAge,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { __edb_e__: { S: lambda.FilterRule.isEqual('notification') } } },
          }),
        ],
      }),
    )

    const policy = this.notifier.role.node.tryFindChild('DefaultPolicy')
    if (policy) {
      Validations.of(policy).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'sns:Publish to a phone number (SMS) has no resource ARN, so it can only be granted on `*`; publishing to any topic is denied by an explicit Deny on arn:aws:sns:*:*:*, and the account SMS spend limit caps the cost (README, "Email and SMS in AWS"). dynamodb:ListStreams (added by the stream event source) is also resource `*` by AWS design.',
      })
    }

    this.notifier.logGroup.addMetricFilter('NotificationsFailed', {
      filterPattern: logs.FilterPattern.stringValue('$.alert', '=', 'notification_failed'),
      metricNamespace: metricNamespace(stage),
      metricName: NOTIFICATIONS_FAILED_METRIC,
      metricValue: '1',
      defaultValue: 0,
    })

    // Batching: every minute, the digests that are due (docs/notifications.md, "Batching"); the same sending rights.
    this.digestSender = new AppFunction(this, 'Fn-notify-digests', {
      entry: DIGEST_SENDER_ENTRY,
      description: 'Gunsmith notification digests: sends the changes of the last 2 minutes to an order as one email and one text (every minute)',
      stage,
      removalPolicy,
      // Under the minute between runs (two runs at once are harmless: each digest is claimed once).
      timeout: DIGEST_SENDER_TIMEOUT,
      invocation: 'schedule',
      dlqReason: 'The schedule event carries no data: a failed run leaves its digests in the table, due, and the next run a minute later sends them; failed sends are logged as notification_failed (NotificationsFailed alarm).',
    })
    this.digestSender.bindTable({ table, grant: TABLE_GRANTS['notify-digests'] })
    const digestFn = this.digestSender.fn
    digestFn.addEnvironment(NOTIFY_ENV_NAMES.portalUrl, portalUrl)
    digestFn.addEnvironment(NOTIFY_ENV_NAMES.emailFrom, notifications.emailFrom)
    if (notifications.sesConfigurationSet) digestFn.addEnvironment(NOTIFY_ENV_NAMES.sesConfigurationSet, notifications.sesConfigurationSet)
    ;(digestFn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = 1
    this.digestSender.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          this.formatArn({ service: 'ses', resource: 'identity', resourceName: notifications.sesIdentity }),
          ...(notifications.sesConfigurationSet ? [this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: notifications.sesConfigurationSet })] : []),
        ],
      }),
    )
    this.digestSender.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }))
    this.digestSender.role.addToPrincipalPolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${this.partition}:sns:*:*:*`] }))
    const digestPolicy = this.digestSender.role.node.tryFindChild('DefaultPolicy')
    if (digestPolicy) {
      Validations.of(digestPolicy).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'sns:Publish to a phone number (SMS) has no resource ARN, so it can only be granted on `*`; publishing to any topic is denied by an explicit Deny on arn:aws:sns:*:*:*.',
      })
    }
    const digestSchedule = new events.Rule(this, 'DigestSchedule', {
      description: 'Sends the due notification digests',
      schedule: events.Schedule.rate(DIGEST_SCHEDULE),
      targets: [new targets.LambdaFunction(digestFn, { retryAttempts: 0 })],
    })
    acknowledge(digestSchedule, ['Serverless-EventBusDLQ'], 'The schedule event carries no data: a run EventBridge could not start is the next run a minute later; the digests wait in the table.')
    this.digestSender.logGroup.addMetricFilter('DigestsFailed', {
      filterPattern: logs.FilterPattern.stringValue('$.alert', '=', 'notification_failed'),
      metricNamespace: metricNamespace(stage),
      metricName: NOTIFICATIONS_FAILED_METRIC,
      metricValue: '1',
      defaultValue: 0,
    })

    new CfnOutput(this, 'NotifierLogGroupName', { value: this.notifier.logGroup.logGroupName, description: 'Logs of the notifier function' })
    new CfnOutput(this, 'NotifierDlqUrl', { value: this.deadLetterQueue.queueUrl, description: 'Stream records the notifier gave up on' })
  }
}
