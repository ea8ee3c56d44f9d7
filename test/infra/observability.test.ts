import { INDEX_NAMES } from '../../functions/db/table-schema.ts'
import { describe, expect, it } from 'vitest'
import { deployedRoutesFor, functionGroups, routeKey } from '../../functions/routes.ts'
import { ACCESS_LOG_FORMAT, API_TOO_MANY_REQUESTS_METRIC, PAYMENTS_REVIEW_METRIC, RECONCILE_DIFFERENCES_METRIC, RECONCILE_RECOVERED_METRIC, RECONCILE_UNFINISHED_ALERT_VALUE, RECONCILE_UNFINISHED_METRIC, WEBHOOK_FAILURES_METRIC } from '../../infra/stacks/api-stack.ts'
import { PAYMENT_REVIEW_ALERT } from '../../functions/use-cases/handle-stripe-event.ts'
import { THRESHOLDS } from '../../infra/stacks/monitoring-stack.ts'
import { PROD, STACK_KEYS, logicalId, resourcesOf, synthStage, type StackKey, type Synth } from './helpers.ts'
import { Stack } from 'aws-cdk-lib'
import { AppFunction, LOG_RETENTION } from '../../infra/constructs/app-function.ts'
import { PAYMENT_REVIEW_ALERT_VALUE } from '../../infra/constructs/metrics.ts'
import { bookVaultName } from '../../infra/constructs/book-backup.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import type { ProviderCharge } from '../../functions/payments/gateway.ts'
import { RECONCILE_BUDGET_MS, RECONCILE_UNFINISHED_ALERT, reconcilePayments } from '../../functions/use-cases/reconcile-payments.ts'
import { jsonFilterMatches } from './metric-filter.ts'

const dev = synthStage()
const prod = synthStage({ ...PROD })

const webhookRoutes = deployedRoutesFor('stripe-webhook').map(routeKey)
/** The CDK's own functions (the site deployment, the S3 auto-delete provider): no code of the app runs in them. */
const CDK_HELPER_FUNCTION = /^(CustomCDKBucketDeployment|CustomS3AutoDeleteObjectsCustomResourceProviderHandler)/

const appFunctionsOf = (s: Synth) => s.app.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction)
const stackKeyOf = (s: Synth, c: AppFunction): StackKey => STACK_KEYS.find((k) => s.stacks[k] === Stack.of(c))!
const deployedGroups = functionGroups.filter((g) => deployedRoutesFor(g).length > 0)

/**
 * A template value as readable text: refs and attributes by logical id, and an
 * import replaced by what its producer exports, prefixed with the producer's stack key.
 */
function text(s: Synth, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.map((v) => text(s, v)).join(',')
  const o = value as Record<string, any>
  if (o.Ref) return `{Ref:${o.Ref}}`
  if (o['Fn::GetAtt']) return `{GetAtt:${o['Fn::GetAtt'].join('.')}}`
  if (o['Fn::Join']) return (o['Fn::Join'][1] as unknown[]).map((v) => text(s, v)).join(o['Fn::Join'][0])
  if (o['Fn::ImportValue']) {
    for (const k of STACK_KEYS) {
      const out = Object.values<any>(s.json[k].Outputs ?? {}).find((x) => x.Export?.Name === o['Fn::ImportValue'])
      if (out) return `${k}:${text(s, out.Value)}`
    }
    throw new Error(`no export ${o['Fn::ImportValue']}`)
  }
  return JSON.stringify(value)
}

/** A single metric's statistic and period, or (with a label) its one MetricStat's. */
const statOf = (a: any) => (a.MetricName ? { Stat: a.Statistic, Period: a.Period } : a.Metrics.find((m: any) => m.MetricStat).MetricStat)

const ref = (key: StackKey, c: Parameters<typeof logicalId>[0]) => `${key}:{Ref:${logicalId(c)}}`

function alarms(s: Synth) {
  return resourcesOf(s.json.monitoring, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties)
}
const alarmNamed = (s: Synth, suffix: string) => {
  const found = alarms(s).filter((a) => a.AlarmName === `gunsmith-${s.stacks.stage}-${suffix}`)
  expect(found, suffix).toHaveLength(1)
  return found[0]
}
/** The alarm's metrics as {namespace, name, dims} (single metric or metric math). */
function metricsOf(s: Synth, alarm: any) {
  const single = alarm.MetricName ? [{ Namespace: alarm.Namespace, MetricName: alarm.MetricName, Dimensions: alarm.Dimensions ?? [] }] : []
  const math = (alarm.Metrics ?? []).filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric)
  return [...single, ...math].map((m) => ({
    namespace: m.Namespace,
    name: m.MetricName,
    dims: Object.fromEntries((m.Dimensions ?? []).map((d: any) => [d.Name, text(s, d.Value)])),
  }))
}

describe.each([
  ['dev', dev],
  ['prod', prod],
] as const)('stage %s: logs', (_stage, s) => {
  it('keeps every log group of every stack at least a year (RetentionInDays >= 365)', () => {
    let groups = 0
    for (const k of STACK_KEYS) {
      for (const [id, lg] of resourcesOf(s.json[k], 'AWS::Logs::LogGroup')) {
        groups += 1
        expect(lg.Properties.RetentionInDays, `${k}/${id}`).toBeGreaterThanOrEqual(365)
      }
    }
    // Every function's, the access log, the deployment helper's (and the WAF's in prod).
    expect(groups).toBeGreaterThanOrEqual(9)
    expect(LOG_RETENTION).toBeGreaterThanOrEqual(365)
  })

  it('gives every Lambda function (CDK helpers included) a log group of its own with that retention', () => {
    for (const k of STACK_KEYS) {
      const groups = resourcesOf(s.json[k], 'AWS::Logs::LogGroup')
      for (const [id, fn] of resourcesOf(s.json[k], 'AWS::Lambda::Function')) {
        const configured = fn.Properties.LoggingConfig?.LogGroup?.Ref
        const named = groups.find(([, g]) => text(s, g.Properties.LogGroupName ?? '') === `/aws/lambda/{Ref:${id}}`)
        const own = configured ? groups.find(([gid]) => gid === configured) : named
        expect(own, `${k}/${id} has no log group of its own`).toBeDefined()
        expect(own![1].Properties.RetentionInDays, `${k}/${id}`).toBeGreaterThanOrEqual(365)
      }
    }
  })

  it('writes HTTP API access logs as JSON with the request id, route and numeric status, and no header, token or body', () => {
    s.t.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [logicalId(s.stacks.api.accessLogs), 'Arn'] }, Format: ACCESS_LOG_FORMAT },
    })
    const sample = JSON.parse(ACCESS_LOG_FORMAT.replace(/\$context\.status/, '502').replace(/\$context\.[\w.]+/g, 'x'))
    expect(sample).toMatchObject({ requestId: 'x', routeKey: 'x', status: 502 })
    expect(ACCESS_LOG_FORMAT).not.toMatch(/header|body|authorization|email|querystring/i)
  })

  it('counts payments flagged for staff (alert=payment_review) in the log of every function, so none that can log one is missed', () => {
    expect(PAYMENT_REVIEW_ALERT_VALUE).toBe(PAYMENT_REVIEW_ALERT)
    const reviewFilter = (k: StackKey, logGroupId: string) =>
      resourcesOf(s.json[k], 'AWS::Logs::MetricFilter')
        .map(([, f]) => f.Properties)
        .filter((f) => f.LogGroupName?.Ref === logGroupId && f.MetricTransformations[0].MetricName === PAYMENTS_REVIEW_METRIC)
    const appFunctions = appFunctionsOf(s)
    // The functions whose code logs the alert today (webhook deliveries, the reconciliation, and api-customer recording
    // an intent it found paid) are among them; the rest are covered before their code ever does.
    const names = appFunctions.map((f) => f.node.id)
    expect(names).toEqual(expect.arrayContaining(['Fn-api-customer', 'Fn-reconcile', ...(webhookRoutes.length ? ['Fn-stripe-webhook'] : [])]))
    for (const f of appFunctions) {
      const k = stackKeyOf(s, f)
      const filters = reviewFilter(k, logicalId(f.logGroup))
      expect(filters, `${f.node.path}: no payment-review metric filter on its log group`).toHaveLength(1)
      expect(filters[0].FilterPattern).toBe(`{ $.alert = "${PAYMENT_REVIEW_ALERT}" }`)
      expect(filters[0].MetricTransformations).toEqual([{ MetricNamespace: `Gunsmith/${s.stacks.stage}`, MetricName: PAYMENTS_REVIEW_METRIC, MetricValue: '1', DefaultValue: 0 }])
    }
    // Every Lambda function of the app is an AppFunction (so it has the filter above); the others are the CDK's own
    // deployment helpers, which run no code of the app.
    for (const k of STACK_KEYS) {
      for (const [id] of resourcesOf(s.json[k], 'AWS::Lambda::Function')) {
        const app = appFunctions.some((f) => stackKeyOf(s, f) === k && logicalId(f.fn) === id)
        expect(app || CDK_HELPER_FUNCTION.test(id), `${k}/${id} is neither an AppFunction nor a CDK helper`).toBe(true)
      }
    }
  })

  it('turns every webhook answer that is not 2xx (4xx too) into a metric (metric filter on the access log)', () => {
    const filters = resourcesOf(s.json.api, 'AWS::Logs::MetricFilter').map(([, f]) => f.Properties).filter((f) => f.MetricTransformations[0].MetricName === WEBHOOK_FAILURES_METRIC)
    expect(filters).toHaveLength(webhookRoutes.length > 0 ? 1 : 0)
    if (webhookRoutes.length === 0) return
    const [f] = filters
    expect(f.LogGroupName).toEqual({ Ref: logicalId(s.stacks.api.accessLogs) })
    for (const key of webhookRoutes) expect(f.FilterPattern).toContain(`$.routeKey = "${key}"`)
    // A wrong signing secret answers 400 to every delivery: 4xx must count as much as 5xx.
    expect(f.FilterPattern).toContain('$.status < 200')
    expect(f.FilterPattern).toContain('$.status >= 300')
    expect(f.FilterPattern).not.toContain('$.status >= 500')
    expect(f.MetricTransformations).toEqual([
      { MetricNamespace: `Gunsmith/${s.stacks.stage}`, MetricName: WEBHOOK_FAILURES_METRIC, MetricValue: '1', DefaultValue: 0 },
    ])
  })
})

describe.each([
  ['dev', dev],
  ['prod', prod],
] as const)('stage %s: alarms', (_stage, s) => {
  const topicRef = () => ({ Ref: logicalId(s.stacks.monitoring.topic) })

  it('sends every alarm and its recovery to the alarm topic', () => {
    expect(alarms(s).length).toBeGreaterThan(0)
    for (const a of alarms(s)) {
      expect(a.AlarmActions, a.AlarmName).toEqual([topicRef()])
      expect(a.OKActions, a.AlarmName).toEqual([topicRef()])
      // Missing data is "nothing happened": fine for a failure count, an alarm for a job that should have run.
      expect(a.TreatMissingData, a.AlarmName).toBe(a.AlarmName.endsWith('-ReconcileNotRunning') ? 'breaching' : 'notBreaching')
    }
  })

  it('alarms on reconciliation differences and on payments the webhook missed (from the reconcile log)', () => {
    const filters = resourcesOf(s.json.api, 'AWS::Logs::MetricFilter').map(([, f]) => f.Properties)
    const reconcileLog = { Ref: logicalId(s.stacks.api.reconcile.logGroup) }
    const differences = filters.find((f) => f.MetricTransformations[0].MetricName === RECONCILE_DIFFERENCES_METRIC)
    expect(differences.LogGroupName).toEqual(reconcileLog)
    expect(differences.FilterPattern).toBe('{ ($.alert = "payment_review") && ($.message = "payment reconciliation found differences") }')
    expect(differences.MetricTransformations[0]).toMatchObject({ MetricValue: '$.count', MetricNamespace: `Gunsmith/${s.stacks.stage}` })
    const missed = filters.find((f) => f.MetricTransformations[0].MetricName === RECONCILE_RECOVERED_METRIC)
    expect(missed.LogGroupName).toEqual(reconcileLog)
    expect(missed.FilterPattern).toBe('{ ($.message = "reconciliation run") && ($.recorded > 0) }')
    expect(missed.MetricTransformations[0]).toMatchObject({ MetricValue: '$.recorded' })
    for (const [suffix, metric] of [['ReconciliationDifferences', RECONCILE_DIFFERENCES_METRIC], ['PaymentsMissedByWebhook', RECONCILE_RECOVERED_METRIC]]) {
      const a = alarmNamed(s, suffix)
      expect(metricsOf(s, a)).toEqual([{ namespace: `Gunsmith/${s.stacks.stage}`, name: metric, dims: {} }])
      expect(a).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1 })
      expect(statOf(a)).toMatchObject({ Stat: 'Sum', Period: 300 })
    }
  })

  it('alarms on a reconciliation run that did not finish, from the line the run logs when it stops at its budget', async () => {
    expect(RECONCILE_UNFINISHED_ALERT_VALUE).toBe(RECONCILE_UNFINISHED_ALERT)
    const filters = resourcesOf(s.json.api, 'AWS::Logs::MetricFilter').map(([, f]) => f.Properties).filter((f) => f.MetricTransformations[0].MetricName === RECONCILE_UNFINISHED_METRIC)
    expect(filters).toHaveLength(1)
    const [filter] = filters
    expect(filter.LogGroupName).toEqual({ Ref: logicalId(s.stacks.api.reconcile.logGroup) })
    expect(filter.MetricTransformations).toEqual([{ MetricNamespace: `Gunsmith/${s.stacks.stage}`, MetricName: RECONCILE_UNFINISHED_METRIC, MetricValue: '1', DefaultValue: 0 }])
    const a = alarmNamed(s, 'ReconcileUnfinished')
    expect(metricsOf(s, a)).toEqual([{ namespace: `Gunsmith/${s.stacks.stage}`, name: RECONCILE_UNFINISHED_METRIC, dims: {} }])
    expect(a).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1, TreatMissingData: 'notBreaching' })
    expect(statOf(a)).toMatchObject({ Stat: 'Sum', Period: 300 })

    // The lines a run logs (the use case itself, with fakes for the provider and the table): out of time, then in time.
    const logged = async (budgetMs: number) => {
      const lines: string[] = []
      const saved = { log: console.log, error: console.error, level: process.env.LOG_LEVEL }
      console.log = console.error = (line: string) => void lines.push(line)
      process.env.LOG_LEVEL = 'info'
      resetEnv()
      try {
        const charge: ProviderCharge = { id: 'ch_1', paymentIntentId: 'pi_1', created: 1_767_225_600, amountCents: 5_000, amountRefundedCents: 0, currency: 'usd', receiptUrl: null, disputeStatus: null }
        const checkout = { paymentIntentId: 'pi_1', customerId: 'c', orderIds: ['o'], allocations: [{ orderId: 'o', amountCents: 5_000 }], amountCents: 5_000, status: 'succeeded' as const, mode: 'stripe' as const, createdAt: '', updatedAt: '' }
        const entry = { orderId: 'o', paymentId: 'pay_pi_1_o', paymentIntentId: 'pi_1', amountCents: 5_000, paymentStatus: 'successful' as const, kind: 'payment' as const }
        const unused = () => Promise.reject(new Error('not called'))
        await reconcilePayments({
          gateway: { mode: 'stripe', retrieveIntent: unused, listRefunds: unused, listSucceededCharges: async function* () { yield charge } },
          orders: { getOrders: unused },
          payments: { getCheckout: async () => checkout, recordSucceededCheckout: unused, applyCheckoutEvent: unused, setReceiptUrl: unused, recordUnconfirmed: unused },
          ledger: { listSince: async () => ({ items: [entry as never], cursor: null }) },
          providerLedger: { getEntry: unused, getEntries: unused, getCheckout: unused, write: unused },
          runs: { save: async () => undefined },
          budgetMs,
        })
      } finally {
        Object.assign(console, { log: saved.log, error: saved.error })
        process.env.LOG_LEVEL = saved.level
        resetEnv()
      }
      return lines
    }
    const stopped = await logged(0)
    expect(stopped.filter((line) => jsonFilterMatches(filter.FilterPattern, line)).map((line) => JSON.parse(line).message)).toEqual(['payment reconciliation did not finish'])
    const finished = await logged(RECONCILE_BUDGET_MS)
    expect(finished.length).toBeGreaterThan(0)
    expect(finished.filter((line) => jsonFilterMatches(filter.FilterPattern, line))).toEqual([])
  })

  it('alarms when the reconciliation did not run for 12 hours (it runs every 6)', () => {
    const a = alarmNamed(s, 'ReconcileNotRunning')
    expect(metricsOf(s, a)).toEqual([{ namespace: 'AWS/Lambda', name: 'Invocations', dims: { FunctionName: ref('api', s.stacks.api.reconcile.fn) } }])
    expect(a).toMatchObject({ Threshold: 1, ComparisonOperator: 'LessThanThreshold', TreatMissingData: 'breaching', EvaluationPeriods: 1 })
    expect(statOf(a)).toMatchObject({ Stat: 'Sum', Period: 43200 })
  })

  it('alarms on notification dead letters', () => {
    const a = alarmNamed(s, 'NotifierDeadLetters')
    expect(metricsOf(s, a)[0]).toMatchObject({ namespace: 'AWS/SQS', name: 'ApproximateNumberOfMessagesVisible' })
    expect(a.Threshold).toBe(1)
  })

  it('alarms on the API 5xx rate (5xx / Count for this API, in percent)', () => {
    const a = alarmNamed(s, 'Api5xxRate')
    expect(a.Threshold).toBe(THRESHOLDS.api5xxRatePercent)
    const expr = a.Metrics.find((m: any) => m.Expression)
    expect(expr.Expression).toMatch(/100 \* FILL\(errors, 0\) \/ requests/)
    const apiId = ref('api', s.stacks.api.httpApi)
    expect(metricsOf(s, a)).toEqual(
      expect.arrayContaining([
        { namespace: 'AWS/ApiGateway', name: '5xx', dims: { ApiId: apiId } },
        { namespace: 'AWS/ApiGateway', name: 'Count', dims: { ApiId: apiId } },
      ]),
    )
  })

  it('alarms on a spike of API 4xx answers (4xx / Count for this API, in percent, once there are enough requests)', () => {
    const a = alarmNamed(s, 'Api4xxRate')
    expect(a.Threshold).toBe(THRESHOLDS.api4xxRatePercent)
    const expr = a.Metrics.find((m: any) => m.Expression)
    expect(expr.Expression).toBe(`IF(requests >= ${THRESHOLDS.api4xxMinRequests}, 100 * FILL(errors, 0) / requests, 0)`)
    const apiId = ref('api', s.stacks.api.httpApi)
    expect(metricsOf(s, a).sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { namespace: 'AWS/ApiGateway', name: '4xx', dims: { ApiId: apiId } },
      { namespace: 'AWS/ApiGateway', name: 'Count', dims: { ApiId: apiId } },
    ])
    expect(a).toMatchObject({ ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1, TreatMissingData: 'notBreaching' })
  })

  it('alarms on a spike of 429 answers (a throttle ceiling or an app limit), counted from the access log', () => {
    const filters = resourcesOf(s.json.api, 'AWS::Logs::MetricFilter').map(([, f]) => f.Properties).filter((f) => f.MetricTransformations[0].MetricName === API_TOO_MANY_REQUESTS_METRIC)
    expect(filters).toHaveLength(1)
    expect(filters[0]).toMatchObject({ LogGroupName: { Ref: logicalId(s.stacks.api.accessLogs) }, FilterPattern: '{ $.status = 429 }' })
    expect(filters[0].MetricTransformations).toEqual([{ MetricNamespace: `Gunsmith/${s.stacks.stage}`, MetricName: API_TOO_MANY_REQUESTS_METRIC, MetricValue: '1', DefaultValue: 0 }])
    const a = alarmNamed(s, 'ApiTooManyRequests')
    expect(metricsOf(s, a)).toEqual([{ namespace: `Gunsmith/${s.stacks.stage}`, name: API_TOO_MANY_REQUESTS_METRIC, dims: {} }])
    expect(statOf(a)).toMatchObject({ Stat: 'Sum', Period: 300 })
    expect(a).toMatchObject({ Threshold: THRESHOLDS.api429, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })
  })

  it('alarms on requests the WAF blocked, all rules and the per-client note and payment limit, when the stage has WAF', () => {
    const names = alarms(s).map((a) => a.AlarmName)
    const waf = s.stacks.web.wafMetrics
    expect(Boolean(waf)).toBe(Boolean(s.stacks.web.webAcl))
    if (!waf) {
      expect(names.filter((n) => /-Waf/.test(n))).toEqual([])
      return
    }
    const acl = resourcesOf(s.json.web, 'AWS::WAFv2::WebACL')[0][1].Properties
    // CloudWatch's WebACL dimension is the ACL's metric name, and its Rule dimension a rule's.
    expect(acl.VisibilityConfig.MetricName).toBe(waf.webAcl)
    expect(acl.Name).toBe(waf.webAcl)
    expect(acl.Rules.find((r: any) => r.Name === 'RateLimitWritesPerIp').VisibilityConfig.MetricName).toBe(waf.writeRateRule)
    for (const [suffix, rule, threshold] of [['WafBlockedRequests', 'ALL', THRESHOLDS.wafBlocked], ['WafWriteLimitBlocked', waf.writeRateRule, THRESHOLDS.wafWriteLimitBlocked]] as const) {
      const a = alarmNamed(s, suffix)
      expect(metricsOf(s, a)).toEqual([{ namespace: 'AWS/WAFV2', name: 'BlockedRequests', dims: { WebACL: waf.webAcl, Rule: rule } }])
      expect(statOf(a)).toMatchObject({ Stat: 'Sum', Period: 300 })
      expect(a).toMatchObject({ Threshold: threshold, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })
    }
  })

  it('alarms on a backup job of the table that failed or was aborted, when the stage backs the table up (prod)', () => {
    const found = alarms(s).filter((a) => a.AlarmName === `gunsmith-${s.stacks.stage}-BookBackupFailed`)
    expect(found).toHaveLength(s.stacks.data.backup ? 1 : 0)
    if (!s.stacks.data.backup) return
    const a = found[0]
    expect(a.Metrics.find((m: any) => m.Expression).Expression).toBe('FILL(failed, 0) + FILL(aborted, 0)')
    const vault = bookVaultName(s.stacks.stage)
    expect(metricsOf(s, a).sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { namespace: 'AWS/Backup', name: 'NumberOfBackupJobsAborted', dims: { BackupVaultName: vault } },
      { namespace: 'AWS/Backup', name: 'NumberOfBackupJobsFailed', dims: { BackupVaultName: vault } },
    ])
    expect(s.json.data.Resources[logicalId(s.stacks.data.backup.vault)].Properties.BackupVaultName).toBe(vault)
    expect(a).toMatchObject({ Threshold: THRESHOLDS.bookBackupFailed, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' })
  })

  it.each([...deployedGroups, 'post-confirmation'])('alarms on errors and throttles of %s', (name) => {
    const fn = name === 'post-confirmation' ? s.stacks.auth.postConfirmation : s.stacks.api.functions[name as (typeof deployedGroups)[number]]!
    const stackKey = name === 'post-confirmation' ? 'auth' : 'api'
    for (const metric of ['Errors', 'Throttles']) {
      const a = alarmNamed(s, `${name}-${metric}`)
      expect(metricsOf(s, a)).toEqual([{ namespace: 'AWS/Lambda', name: metric, dims: { FunctionName: ref(stackKey, fn.fn) } }])
      expect(a.Statistic).toBe('Sum')
      expect(a.Threshold).toBe(1)
      expect(a.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold')
    }
  })

  it('alarms on any Stripe webhook answer that is not 2xx when the webhook is deployed', () => {
    const found = alarms(s).filter((a) => a.AlarmName === `gunsmith-${s.stacks.stage}-StripeWebhookFailures`)
    expect(found).toHaveLength(webhookRoutes.length > 0 ? 1 : 0)
    if (!found.length) return
    expect(metricsOf(s, found[0])).toEqual([{ namespace: `Gunsmith/${s.stacks.stage}`, name: WEBHOOK_FAILURES_METRIC, dims: {} }])
    expect(found[0].Threshold).toBe(THRESHOLDS.webhookFailures)
  })

  it('alarms on any payment flagged for staff review (the alert=payment_review metric filters), to the ops topic', () => {
    const a = alarmNamed(s, 'PaymentsNeedReview')
    // The metric the webhook's and reconciliation's metric filters (alert=payment_review, above) write.
    expect(metricsOf(s, a)).toEqual([{ namespace: `Gunsmith/${s.stacks.stage}`, name: PAYMENTS_REVIEW_METRIC, dims: {} }])
    const filters = resourcesOf(s.json.api, 'AWS::Logs::MetricFilter').map(([, f]) => f.Properties).filter((f) => f.FilterPattern === `{ $.alert = "${PAYMENT_REVIEW_ALERT}" }`)
    expect(filters.length).toBeGreaterThan(0)
    for (const f of filters) expect(f.MetricTransformations[0]).toMatchObject({ MetricNamespace: `Gunsmith/${s.stacks.stage}`, MetricName: PAYMENTS_REVIEW_METRIC })
    // A single metric, or (with its label) one MetricStat: either way Sum over 5 minutes.
    const stat = a.MetricName ? { Stat: a.Statistic, Period: a.Period } : a.Metrics.find((m: any) => m.MetricStat).MetricStat
    expect(stat).toMatchObject({ Stat: 'Sum', Period: 300 })
    expect(a.EvaluationPeriods).toBe(1)
    expect(THRESHOLDS.paymentsNeedReview).toBe(1)
    expect(a.Threshold).toBe(1)
    expect(a.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold')
    expect(a.TreatMissingData).toBe('notBreaching')
    expect(a.AlarmActions).toEqual([topicRef()])
    expect(a.OKActions).toEqual([topicRef()])
    expect(a.AlarmDescription).toMatch(/alert=payment_review/)
  })

  it('alarms on DynamoDB read and write throttling of the table and every index (at most 10 metrics an alarm)', () => {
    // One alarm per 5 sources (the table and each index: a read and a write metric each), as many as the indexes need.
    const groups = Math.ceil((INDEX_NAMES.length + 1) / 5)
    const alarms = Array.from({ length: groups }, (_, g) => alarmNamed(s, g === 0 ? 'DynamoDbThrottles' : `DynamoDbThrottles${g + 1}`))
    const table = ref('data', s.stacks.data.table)
    const metrics = alarms.flatMap((a) => metricsOf(s, a))
    for (const a of alarms) {
      expect(metricsOf(s, a).length).toBeLessThanOrEqual(10)
      expect(a.Metrics.find((m: any) => m.Expression).ReturnData).toBe(true)
    }
    for (const name of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      expect(metrics).toContainEqual({ namespace: 'AWS/DynamoDB', name, dims: { TableName: table } })
      for (const index of INDEX_NAMES) {
        expect(metrics).toContainEqual({ namespace: 'AWS/DynamoDB', name, dims: { TableName: table, GlobalSecondaryIndexName: index } })
      }
    }
  })
})

describe('alarm topic', () => {
  it('e-mails the alarmEmail address when it is set (prod here)', () => {
    prod.t.monitoring.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: logicalId(prod.stacks.monitoring.topic) },
    })
  })

  it('has no subscription without alarmEmail (dev here)', () => {
    dev.t.monitoring.resourceCountIs('AWS::SNS::Subscription', 0)
    dev.t.monitoring.resourceCountIs('AWS::SNS::Topic', 1)
  })

  it('refuses publishing without TLS', () => {
    const policy = resourcesOf(prod.json.monitoring, 'AWS::SNS::TopicPolicy')[0][1].Properties.PolicyDocument.Statement
    expect(policy).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }))
  })
})

describe.each([
  ['dev', dev],
  ['prod', prod],
] as const)('stage %s: dashboard', (_stage, s) => {
  const body = () => {
    const [, d] = resourcesOf(s.json.monitoring, 'AWS::CloudWatch::Dashboard')[0]
    return JSON.parse(text(s, d.Properties.DashboardBody)) as { widgets: any[] }
  }
  const metricWidgets = () => body().widgets.filter((w) => w.type === 'metric')
  const titled = (title: string) => {
    const w = metricWidgets().find((x) => x.properties.title === title)
    expect(w, title).toBeDefined()
    return w.properties.metrics as unknown[][]
  }

  it('shows the API: requests, 4xx and 5xx, their rates, 429 answers and latency for this API; the WAF\'s blocks when it has one', () => {
    const apiId = ref('api', s.stacks.api.httpApi)
    const metrics = titled('API requests and errors')
    for (const name of ['Count', '4xx', '5xx']) expect(metrics).toContainEqual(expect.arrayContaining(['AWS/ApiGateway', name, 'ApiId', apiId]))
    expect(metricWidgets().map((w) => w.properties.title)).toEqual(expect.arrayContaining(['API 5xx rate (%)', 'API 4xx rate (%)', 'API latency (p50, p99)']))
    expect(titled('API 429 answers')).toContainEqual(expect.arrayContaining([`Gunsmith/${s.stacks.stage}`, API_TOO_MANY_REQUESTS_METRIC]))
    const waf = s.stacks.web.wafMetrics
    expect(metricWidgets().some((w) => w.properties.title === 'WAF blocked requests')).toBe(Boolean(waf))
    if (waf) expect(titled('WAF blocked requests')).toContainEqual(expect.arrayContaining(['AWS/WAFV2', 'BlockedRequests', 'WebACL', waf.webAcl, 'Rule', waf.writeRateRule]))
  })

  it.each([...deployedGroups, 'post-confirmation'])('shows function %s: invocations, errors, throttles', (name) => {
    const fn = name === 'post-confirmation' ? s.stacks.auth.postConfirmation : s.stacks.api.functions[name as (typeof deployedGroups)[number]]!
    const fnName = ref(name === 'post-confirmation' ? 'auth' : 'api', fn.fn)
    const metrics = titled(`Function ${name}`)
    for (const m of ['Invocations', 'Errors', 'Throttles']) expect(metrics).toContainEqual(expect.arrayContaining(['AWS/Lambda', m, 'FunctionName', fnName]))
  })

  it('shows the webhook failures when the webhook is deployed', () => {
    const titles = metricWidgets().map((w) => w.properties.title)
    expect(titles.includes('Stripe webhook non-2xx')).toBe(webhookRoutes.length > 0)
    if (webhookRoutes.length > 0) {
      expect(titled('Stripe webhook non-2xx')).toContainEqual(expect.arrayContaining([`Gunsmith/${s.stacks.stage}`, WEBHOOK_FAILURES_METRIC]))
    }
  })

  it('shows the table: consumed capacity, throttles and system errors', () => {
    const table = ref('data', s.stacks.data.table)
    expect(titled('Table consumed capacity')).toContainEqual(expect.arrayContaining(['AWS/DynamoDB', 'ConsumedReadCapacityUnits', 'TableName', table]))
    expect(titled('Table system errors')).toContainEqual(expect.arrayContaining(['AWS/DynamoDB', 'SystemErrors', 'TableName', table]))
    expect(metricWidgets().map((w) => w.properties.title)).toContain('Table throttles (table + indexes)')
  })

  it('shows the state of every alarm', () => {
    const w = body().widgets.find((x) => x.type === 'alarm')
    expect(w.properties.alarms).toHaveLength(alarms(s).length)
  })
})
