import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib'
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import * as sns from 'aws-cdk-lib/aws-sns'
import type * as sqs from 'aws-cdk-lib/aws-sqs'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import type { Construct } from 'constructs'
import { acknowledge } from '../constructs/app-function.ts'
import { SITE_PUBLISH_FAILED_METRIC } from '../constructs/site-publisher.ts'
import type { StageConfig } from '../constructs/stage-config.ts'
import { API_TOO_MANY_REQUESTS_METRIC, PAYMENTS_REVIEW_METRIC, RECONCILE_DIFFERENCES_METRIC, RECONCILE_RECOVERED_METRIC, RECONCILE_UNFINISHED_METRIC, WEBHOOK_FAILURES_METRIC, metricNamespace } from './api-stack.ts'
import type { WafMetricNames } from './web-stack.ts'
import { NOTIFICATIONS_FAILED_METRIC } from './notify-stack.ts'

export interface MonitoringStackProps extends StackProps {
  config: StageConfig
  httpApi: apigw.IHttpApi
  table: ITable
  /** Index names of the table (their throttles are reported per index). */
  tableIndexes: string[]
  /** Every function of the stage, by the name shown on the dashboard and in alarm names. */
  functions: Record<string, IFunction>
  /** Whether the stage has Stripe webhook routes (the webhook alarm and widget exist only then). */
  hasWebhook: boolean
  /** The notifier (also in `functions`: its Errors and Throttles alarms) and its dead-letter queue. */
  notifier: { fn: IFunction; deadLetterQueue: sqs.IQueue }
  /** The site publisher's dead-letter queue (its function is in `functions`): absent when the web build had no site kit. */
  sitePublisher?: { deadLetterQueue: sqs.IQueue }
  /** The web ACL's metric names, when the stage has WAF (web-stack.ts). */
  waf?: WafMetricNames
  /** The table's backup vault, when the stage backs the table up (book-backup.ts). */
  bookBackup?: { vaultName: string }
}

const FIVE_MINUTES = Duration.minutes(5)

/** Alarm thresholds, exported for the tests and the runbook. */
export const THRESHOLDS = {
  /** Percent of API requests answered 5xx in 5 minutes. */
  api5xxRatePercent: 5,
  /**
   * Percent of API requests answered 4xx in 5 minutes, once there are at least `api4xxMinRequests` of them: a few
   * expired sessions or typos among a handful of requests are not a spike.
   */
  api4xxRatePercent: 25,
  api4xxMinRequests: 100,
  /** 429 answers in 5 minutes (a throttle ceiling or an app limit reached). */
  api429: 10,
  /** Requests the WAF blocked in 5 minutes, every rule together (bad-IP lists and scanners block a few all day). */
  wafBlocked: 100,
  /** Requests of a client over its note and payment limit, in 5 minutes: a real customer may be stuck, or a script is at it. */
  wafWriteLimitBlocked: 1,
  /** Any backup job of the table that failed or was aborted. */
  bookBackupFailed: 1,
  /** Lambda errors (crashes, timeouts: handled errors are 4xx/5xx answers, not Lambda errors) in 5 minutes. */
  lambdaErrors: 1,
  lambdaThrottles: 1,
  /** Any answer but 2xx on the webhook route (4xx too: a wrong signing secret makes every delivery a 400). */
  webhookFailures: 1,
  /** Any difference the reconciliation reports. */
  reconciliationDifferences: 1,
  /** Any payment the reconciliation had to record because the webhook had not. */
  paymentsMissedByWebhook: 1,
  /** Fewer reconciliation runs than this in 12 hours (it runs every 6). */
  reconcileRunsPer12Hours: 1,
  /** Any reconciliation run that stopped at its time budget before comparing its whole window. */
  reconcileUnfinished: 1,
  /** Any payment flagged for staff (overpayment credit, payment on a deleted order, unconfirmed, reconciliation difference). */
  paymentsNeedReview: 1,
  /** Read + write throttle events on the table and its indexes in 5 minutes. */
  dynamoThrottles: 1,
  /** Any stream record the notifier gave up on (in the dead-letter queue). */
  notifierDlqMessages: 1,
  /** Oldest stream record waiting for the notifier, in ms: 10 minutes (messages are late). */
  notifierIteratorAgeMs: 10 * 60 * 1000,
  /** Any notification whose delivery failed (logged alert=notification_failed; the stream retries it). */
  notificationsFailed: 1,
  /** Any settings write whose pages the site publisher gave up on (in its dead-letter queue). */
  sitePublisherDlqMessages: 1,
  /** Any publish of the public pages that failed (logged alert=site_publish_failed: the stream retries it, a deploy fails). */
  sitePublishFailed: 1,
} as const

/**
 * Alarms (to one SNS topic, optionally e-mailed) and one dashboard for a stage:
 * API 5xx and 4xx rates and 429 answers, requests the WAF blocked, per-function errors and throttles, webhook non-2xx answers, payments needing review, reconciliation
 * differences, missed webhook payments and runs, notification failures and dead letters, site page publishes that
 * failed and their dead letters, table throttling.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic
  readonly dashboard: cloudwatch.Dashboard
  readonly alarms: cloudwatch.Alarm[] = []

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props)
    const { config, httpApi, table, tableIndexes, functions, hasWebhook, notifier, sitePublisher, waf, bookBackup } = props
    const { stage } = config
    const prefix = `gunsmith-${stage}`

    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `${prefix}-alarms`,
      displayName: `Gunsmith ${stage} alarms`,
      enforceSSL: true,
    })
    acknowledge(this.topic, ['AwsSolutions-SNS2', 'PCI.DSS.321-SNSEncryptedKMS'],
      'The topic carries only CloudWatch alarm notifications (alarm name, metric, threshold), no customer data. CloudWatch cannot publish to a topic encrypted with the AWS-managed aws/sns key, and a customer-managed KMS key for alarm text is a fixed cost with no benefit here.')
    if (config.alarmEmail) {
      const subscription = new subscriptions.EmailSubscription(config.alarmEmail)
      this.topic.addSubscription(subscription)
      const sub = this.topic.node.children.find((c) => c.node.id === config.alarmEmail)
      if (sub) acknowledge(sub, ['Serverless-SNSRedrivePolicy'],
        'An e-mail subscription: SNS retries e-mail delivery itself, and an alarm that stays in ALARM is also on the dashboard and the alarm list; a dead-letter queue for alarm e-mails would be one more queue nobody reads.')
    }
    const alarmAction = new actions.SnsAction(this.topic)

    const alarm = (alarmId: string, description: string, metric: cloudwatch.IMetric, threshold: number) => {
      const a = new cloudwatch.Alarm(this, alarmId, {
        alarmName: `${prefix}-${alarmId}`,
        alarmDescription: `${description} Runbook: docs/deploying.md#alarms`,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      })
      a.addAlarmAction(alarmAction)
      a.addOkAction(alarmAction)
      this.alarms.push(a)
      return a
    }

    // A count the stage's own metric filters write (namespace Gunsmith/<stage>), summed over 5 minutes.
    const stageMetric = (metricName: string, label: string) =>
      new cloudwatch.Metric({ namespace: metricNamespace(stage), metricName, statistic: 'Sum', period: FIVE_MINUTES, label })

    // --- API ---------------------------------------------------------------
    const apiMetric = (metricName: string, statistic = 'Sum') =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: httpApi.apiId },
        statistic,
        period: FIVE_MINUTES,
      })
    const requests = apiMetric('Count')
    const errors5xx = apiMetric('5xx')
    const errors4xx = apiMetric('4xx')
    const api5xxRate = new cloudwatch.MathExpression({
      expression: 'IF(requests > 0, 100 * FILL(errors, 0) / requests, 0)',
      usingMetrics: { requests, errors: errors5xx },
      label: 'API 5xx rate (%)',
      period: FIVE_MINUTES,
    })
    alarm('Api5xxRate', `More than ${THRESHOLDS.api5xxRatePercent}% of API requests failed with 5xx in 5 minutes.`, api5xxRate, THRESHOLDS.api5xxRatePercent)
    const api4xxRate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${THRESHOLDS.api4xxMinRequests}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: { requests, errors: errors4xx },
      label: 'API 4xx rate (%)',
      period: FIVE_MINUTES,
    })
    alarm('Api4xxRate', `At least ${THRESHOLDS.api4xxRatePercent}% of ${THRESHOLDS.api4xxMinRequests} or more API requests were answered 4xx in 5 minutes: a client probing or hammering the API, a broken SPA release, or expired sessions en masse.`,
      api4xxRate, THRESHOLDS.api4xxRatePercent)
    const api429 = stageMetric(API_TOO_MANY_REQUESTS_METRIC, 'API 429 answers')
    alarm('ApiTooManyRequests', `The API answered 429 at least ${THRESHOLDS.api429} times in 5 minutes: a route or stage throttle ceiling (every caller of that route is turned away) or an app limit was reached. See the access log, status 429, by routeKey and ip.`,
      api429, THRESHOLDS.api429)

    // --- WAF ---------------------------------------------------------------
    // CloudFront web ACLs report their metrics in us-east-1 without a Region dimension; WAF on means the stage is in
    // us-east-1 (web-stack.ts), and this stack with it.
    const wafBlocked = (rule: string, label: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/WAFV2', metricName: 'BlockedRequests', dimensionsMap: { WebACL: waf!.webAcl, Rule: rule }, statistic: 'Sum', period: FIVE_MINUTES, label })
    const wafMetrics = waf ? { all: wafBlocked('ALL', 'WAF blocked (all rules)'), writes: wafBlocked(waf.writeRateRule, 'WAF blocked (note and payment limit)') } : null
    if (wafMetrics) {
      alarm('WafBlockedRequests', `The WAF blocked at least ${THRESHOLDS.wafBlocked} requests in 5 minutes: an attack, a flood from a few IPs, or a managed rule refusing real traffic. See the WAF log (terminatingRuleId).`,
        wafMetrics.all, THRESHOLDS.wafBlocked)
      alarm('WafWriteLimitBlocked', 'A client IP went over its note and payment-intent limit and was answered 429 by the WAF. See the WAF log, terminatingRuleId RateLimitWritesPerIp: a script, or a real customer whose retries loop.',
        wafMetrics.writes, THRESHOLDS.wafWriteLimitBlocked)
    }

    // --- Functions ---------------------------------------------------------
    for (const [name, fn] of Object.entries(functions)) {
      alarm(`${name}-Errors`, `Function ${name} failed (error or timeout) in the last 5 minutes.`,
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), THRESHOLDS.lambdaErrors)
      alarm(`${name}-Throttles`, `Function ${name} was throttled (account or reserved concurrency reached) in the last 5 minutes.`,
        fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), THRESHOLDS.lambdaThrottles)
    }

    // --- Webhook -----------------------------------------------------------
    const webhookFailures = stageMetric(WEBHOOK_FAILURES_METRIC, 'Stripe webhook non-2xx')
    if (hasWebhook) {
      alarm('StripeWebhookFailures', 'The Stripe webhook answered something other than 2xx: a 400 on every delivery means a wrong or rolled signing secret (customers are charged, nothing is recorded); a 5xx is retried by Stripe for up to 3 days; a 429 is the route throttle. Payments stay unrecorded until it succeeds.',
        webhookFailures, THRESHOLDS.webhookFailures)
    }

    // --- Reconciliation ----------------------------------------------------
    const reconciliationDifferences = stageMetric(RECONCILE_DIFFERENCES_METRIC, 'Reconciliation differences')
    alarm('ReconciliationDifferences', 'The payment reconciliation found differences between Stripe and the ledger (amount, order or status). See the reconcile log, "payment reconciliation found differences".',
      reconciliationDifferences, THRESHOLDS.reconciliationDifferences)
    const paymentsMissed = stageMetric(RECONCILE_RECOVERED_METRIC, 'Payments the webhook missed')
    alarm('PaymentsMissedByWebhook', 'The reconciliation recorded Stripe payments the webhook had not: the webhook is failing or not registered. See the reconcile log ("reconciliation run", recorded) and the StripeWebhookFailures alarm.',
      paymentsMissed, THRESHOLDS.paymentsMissedByWebhook)
    const reconcileUnfinished = stageMetric(RECONCILE_UNFINISHED_METRIC, 'Reconciliation runs unfinished')
    alarm('ReconcileUnfinished', 'A payment reconciliation run stopped at its time budget before comparing its whole window: the payments it did not reach were not checked. See the reconcile log, "payment reconciliation did not finish" (unfinished says where it stopped).',
      reconcileUnfinished, THRESHOLDS.reconcileUnfinished)
    const reconcileFn = functions.reconcile
    if (reconcileFn) {
      const runs = reconcileFn.metricInvocations({ period: Duration.hours(12), statistic: 'Sum', label: 'Reconciliation runs' })
      const notRunning = new cloudwatch.Alarm(this, 'ReconcileNotRunning', {
        alarmName: `${prefix}-ReconcileNotRunning`,
        alarmDescription: 'The payment reconciliation did not run in 12 hours (it runs every 6): missed webhook payments are not being caught. Check the ReconcileSchedule rule. Runbook: docs/deploying.md#alarms',
        metric: runs,
        threshold: THRESHOLDS.reconcileRunsPer12Hours,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      })
      notRunning.addAlarmAction(alarmAction)
      notRunning.addOkAction(alarmAction)
      this.alarms.push(notRunning)
    }

    // --- Payments ----------------------------------------------------------
    const paymentsNeedReview = stageMetric(PAYMENTS_REVIEW_METRIC, 'Payments needing review')
    alarm('PaymentsNeedReview', 'A payment needs staff review: money above the bill (a credit to refund), a payment on a deleted order, a success the provider did not confirm, or a reconciliation difference. See the order ledger and the function logs (alert=payment_review).',
      paymentsNeedReview, THRESHOLDS.paymentsNeedReview)

    // --- Notifications -----------------------------------------------------
    const notifierDlq = notifier.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label: 'Notifier dead-letter queue' })
    alarm('NotifierDeadLetters', 'The notifier gave up on stream records (retries or the 1-hour record age ran out): those notifications were not sent. The queue holds their stream positions.',
      notifierDlq, THRESHOLDS.notifierDlqMessages)
    const notifierIteratorAge = notifier.fn.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum', label: 'Notifier iterator age (ms)' })
    alarm('NotifierIteratorAge', 'The notifier is more than 10 minutes behind the table stream: emails and SMS go out late (failing batches being retried, or throttling).',
      notifierIteratorAge, THRESHOLDS.notifierIteratorAgeMs)
    const notificationsFailed = stageMetric(NOTIFICATIONS_FAILED_METRIC, 'Notification deliveries failed')
    alarm('NotificationsFailed', 'A notification email or SMS could not be sent (the stream retries it; after an hour it goes to the dead-letter queue). See the notifier log, alert=notification_failed.',
      notificationsFailed, THRESHOLDS.notificationsFailed)

    // --- Site pages --------------------------------------------------------
    const sitePublisherDlq = sitePublisher?.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label: 'Site publisher dead-letter queue' })
    const sitePublishFailed = stageMetric(SITE_PUBLISH_FAILED_METRIC, 'Site page publishes failed')
    if (sitePublisherDlq) {
      alarm('SitePublisherDeadLetters', "The site publisher gave up on a settings write (retries or the 1-hour record age ran out): the public pages still show the shop's previous name, phone or address. Saving Settings → General again publishes them.",
        sitePublisherDlq, THRESHOLDS.sitePublisherDlqMessages)
      alarm('SitePublishFailed', 'The public pages could not be published with the shop\'s identity (a settings save: the stream retries it; a deploy: the deployment fails). See the site publisher log, alert=site_publish_failed.',
        sitePublishFailed, THRESHOLDS.sitePublishFailed)
    }

    // --- Table -------------------------------------------------------------
    const tableMetric = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: index ? { TableName: table.tableName, GlobalSecondaryIndexName: index } : { TableName: table.tableName },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      })
    // An alarm's math may use at most 10 metrics: the table and its indexes go 5 at a time (reads and writes each).
    const sources = [undefined, ...tableIndexes]
    const throttleGroups: cloudwatch.MathExpression[] = []
    for (let start = 0; start < sources.length; start += 5) {
      const group = sources.slice(start, start + 5)
      const metrics: Record<string, cloudwatch.IMetric> = {}
      for (const [i, index] of group.entries()) {
        // Ids unique across the groups: the dashboard draws them in one graph.
        metrics[`r${start + i}`] = tableMetric('ReadThrottleEvents', index)
        metrics[`w${start + i}`] = tableMetric('WriteThrottleEvents', index)
      }
      const names = group.map((g) => g ?? 'table').join(', ')
      throttleGroups.push(new cloudwatch.MathExpression({ expression: Object.keys(metrics).map((k) => `FILL(${k}, 0)`).join(' + '), usingMetrics: metrics, label: `Throttle events (${names})`, period: FIVE_MINUTES }))
    }
    throttleGroups.forEach((expr, g) =>
      alarm(g === 0 ? 'DynamoDbThrottles' : `DynamoDbThrottles${g + 1}`, `DynamoDB throttled reads or writes on ${expr.label?.replace(/^Throttle events \((.*)\)$/, '$1')} in the last 5 minutes.`, expr, THRESHOLDS.dynamoThrottles),
    )
    // --- Backups -----------------------------------------------------------
    const backupJobs = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/Backup', metricName, dimensionsMap: { BackupVaultName: bookBackup!.vaultName }, statistic: 'Sum', period: FIVE_MINUTES })
    const bookBackupFailed = bookBackup
      ? new cloudwatch.MathExpression({
          expression: 'FILL(failed, 0) + FILL(aborted, 0)',
          usingMetrics: { failed: backupJobs('NumberOfBackupJobsFailed'), aborted: backupJobs('NumberOfBackupJobsAborted') },
          label: 'Table backup jobs failed or aborted',
          period: FIVE_MINUTES,
        })
      : null
    if (bookBackupFailed) {
      alarm('BookBackupFailed', "A backup job of the table (the A&D book's copy beyond point-in-time recovery) failed or was aborted. AWS Backup console, Jobs, the vault's failed job: its status message names the cause.",
        bookBackupFailed, THRESHOLDS.bookBackupFailed)
    }

    // --- Dashboard ---------------------------------------------------------
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `Gunsmith-${stage}`,
      defaultInterval: Duration.hours(3),
    })
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) => new cloudwatch.GraphWidget({ title, left, width, height: 6 })
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# Gunsmith ${stage}\nAlarms go to SNS topic \`${prefix}-alarms\`. Runbook: docs/deploying.md.`,
        width: 24,
        height: 2,
      }),
    )
    this.dashboard.addWidgets(
      graph('API requests and errors', [requests, errors4xx, errors5xx]),
      graph('API 5xx rate (%)', [api5xxRate]),
      graph('API latency (p50, p99)', [apiMetric('Latency', 'p50'), apiMetric('Latency', 'p99')]),
    )
    this.dashboard.addWidgets(
      graph('API 4xx rate (%)', [api4xxRate], wafMetrics ? 8 : 12),
      graph('API 429 answers', [api429], wafMetrics ? 8 : 12),
      ...(wafMetrics ? [graph('WAF blocked requests', [wafMetrics.all, wafMetrics.writes])] : []),
    )
    const functionWidgets = Object.entries(functions).map(([name, fn]) =>
      graph(`Function ${name}`, [
        fn.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum' }),
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      ]),
    )
    const durationWidget = new cloudwatch.GraphWidget({
      title: 'Function duration (p99, ms)',
      left: Object.values(functions).map((fn) => fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' })),
      width: 8,
      height: 6,
    })
    this.dashboard.addWidgets(...functionWidgets, durationWidget)
    if (hasWebhook) {
      this.dashboard.addWidgets(
        graph('Stripe webhook non-2xx', [webhookFailures], 12),
        graph('Stripe webhook function', [
          functions['stripe-webhook']?.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum' }),
          functions['stripe-webhook']?.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        ].filter((m): m is cloudwatch.Metric => Boolean(m)), 12),
      )
    }
    this.dashboard.addWidgets(
      graph('Payments needing review', [paymentsNeedReview]),
      graph('Reconciliation differences, unfinished runs', [reconciliationDifferences, reconcileUnfinished]),
      graph('Payments the webhook missed', [paymentsMissed]),
    )
    this.dashboard.addWidgets(
      graph('Notifications failed', [notificationsFailed]),
      graph('Notifier dead-letter queue', [notifierDlq]),
      graph('Notifier iterator age (ms)', [notifierIteratorAge]),
    )
    if (sitePublisherDlq) {
      this.dashboard.addWidgets(
        graph('Site page publishes failed', [sitePublishFailed], 12),
        graph('Site publisher dead-letter queue', [sitePublisherDlq], 12),
      )
    }
    if (bookBackupFailed) {
      this.dashboard.addWidgets(graph('Table backup jobs', [backupJobs('NumberOfBackupJobsCompleted'), bookBackupFailed], 24))
    }
    this.dashboard.addWidgets(
      graph('Table consumed capacity', [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')]),
      graph('Table throttles (table + indexes)', throttleGroups),
      graph('Table system errors', [tableMetric('SystemErrors')]),
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    )

    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn })
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=Gunsmith-${stage}`,
    })
  }
}
