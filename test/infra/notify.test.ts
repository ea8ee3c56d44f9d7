/**
 * The notifier in AWS (infra/stacks/notify-stack.ts): the table's stream, the event source mapping
 * (filter, batch item failures, bisect, dead-letter queue), the notifier's exact permissions, its environment,
 * the alarms, and that no other function gained a permission.
 */
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { ContextError } from '../../infra/constructs/stage-config.ts'
import { NOTIFIER_STREAM } from '../../infra/stacks/notify-stack.ts'
import { THRESHOLDS } from '../../infra/stacks/monitoring-stack.ts'
import { actionsOf, exportedValue, fastApp, logicalId, resourcesOf, statementsFor, synthStage } from './helpers.ts'
import { buildApp } from '../../infra/bin/build-app.ts'

const s = synthStage()
const { stacks, t, json } = s
const tableArn = { 'Fn::GetAtt': [logicalId(stacks.data.table), 'Arn'] }
const notifierStatements = () => statementsFor(json.notify, logicalId(stacks.notify.notifier.role))
const sesIdentityArn = (identity: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:identity/${identity}`]],
})

describe('the table stream', () => {
  it('streams new images (StreamSpecification: an in-place update of a deployed table, no replacement)', () => {
    t.data.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } })
  })
})

describe('the notifier function', () => {
  it('is bundled from functions/notify/notifier-handler.ts like the other functions, 60 s, reserved concurrency 5', () => {
    const fn = json.notify.Resources[logicalId(stacks.notify.notifier.fn)].Properties
    expect(fn).toMatchObject({ Handler: 'index.handler', Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 60, ReservedConcurrentExecutions: 5 })
    expect(fn.LoggingConfig).toEqual({ LogGroup: { Ref: logicalId(stacks.notify.notifier.logGroup) } })
  })

  it('gets TABLE_NAME, STAGE, PORTAL_URL (the site URL) and EMAIL_FROM, never the local SMTP or SMS sink', () => {
    const vars = json.notify.Resources[logicalId(stacks.notify.notifier.fn)].Properties.Environment.Variables
    expect(Object.keys(vars).sort()).toEqual(['EMAIL_FROM', 'NODE_OPTIONS', 'PORTAL_URL', 'STAGE', 'TABLE_NAME'])
    expect(vars.STAGE).toBe('dev')
    expect(vars.EMAIL_FROM).toBe('notifications@example.com')
    expect(exportedValue(json.data, vars.TABLE_NAME)).toEqual({ Ref: logicalId(stacks.data.table) })
    const [, [prefix, domain]] = vars.PORTAL_URL['Fn::Join']
    expect(prefix).toBe('https://')
    expect(exportedValue(json.web, domain)).toEqual({ 'Fn::GetAtt': [logicalId(stacks.web.distribution), 'DomainName'] })
  })

  it('reads the stream through a mapping: INSERTs of notification items, batch item failures, bisect, retries, 1 h, dead-letter queue', () => {
    const mappings = resourcesOf(json.notify, 'AWS::Lambda::EventSourceMapping')
    expect(mappings).toHaveLength(1)
    const [, m] = mappings[0]
    expect(m.Properties).toMatchObject({
      FunctionName: { Ref: logicalId(stacks.notify.notifier.fn) },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: NOTIFIER_STREAM.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stacks.notify.deadLetterQueue), 'Arn'] } } },
    })
    expect(exportedValue(json.data, m.Properties.EventSourceArn)).toEqual({ 'Fn::GetAtt': [logicalId(stacks.data.table), 'StreamArn'] })
    expect(m.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['notification'] } } } },
    ])
  })

  it('has an encrypted, TLS-only dead-letter queue keeping messages 14 days', () => {
    t.notify.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 })
    t.notify.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    })
  })
})

describe("the notifier's permissions", () => {
  it('on the table: exactly GetItem and UpdateItem on the table itself (no Scan, no Query, no other write), and the stream reads', () => {
    const onTable = notifierStatements().filter((st) => JSON.stringify(st).includes('Table'))
    const table = onTable.filter((st) => !JSON.stringify(st.Resource).includes('StreamArn'))
    expect(table).toHaveLength(1)
    expect(actionsOf(table).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem'])
    expect(exportedValue(json.data, table[0].Resource)).toEqual(tableArn)
    const stream = onTable.filter((st) => JSON.stringify(st.Resource).includes('StreamArn'))
    expect(actionsOf(stream).sort()).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'])
    const dynamo = actionsOf(notifierStatements()).filter((a) => a.startsWith('dynamodb:')).sort()
    expect(dynamo).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams', 'dynamodb:UpdateItem'])
  })

  it('ses:SendEmail only as the sender identity; sns:Publish to phone numbers, never to a topic', () => {
    const ses = notifierStatements().filter((st) => actionsOf([st]).some((a) => a.startsWith('ses:')))
    expect(ses).toEqual([{ Action: 'ses:SendEmail', Effect: 'Allow', Resource: sesIdentityArn('example.com') }])
    const sns = notifierStatements().filter((st) => actionsOf([st]).includes('sns:Publish'))
    expect(sns.find((st) => st.Effect === 'Allow')?.Resource).toBe('*')
    expect(sns.find((st) => st.Effect === 'Deny')).toEqual({
      Action: 'sns:Publish',
      Effect: 'Deny',
      Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':sns:*:*:*']] },
    })
    expect(actionsOf(notifierStatements()).filter((a) => a.startsWith('sqs:')).sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'])
  })

  it('scopes SES to the configured identity and configuration set', () => {
    const custom = synthStage({ emailFrom: 'shop@mail.example.org', sesIdentity: 'mail.example.org', sesConfigurationSet: 'gunsmith-notify' })
    const statements = statementsFor(custom.json.notify, logicalId(custom.stacks.notify.notifier.role))
    const ses = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('ses:')))
    expect(ses).toHaveLength(1)
    expect(ses[0]).toMatchObject({ Action: 'ses:SendEmail', Effect: 'Allow' })
    expect(ses[0].Resource).toHaveLength(2)
    expect(ses[0].Resource).toEqual(
      expect.arrayContaining([
        sesIdentityArn('mail.example.org'),
        { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':configuration-set/gunsmith-notify']] },
      ]),
    )
    const vars = custom.json.notify.Resources[logicalId(custom.stacks.notify.notifier.fn)].Properties.Environment.Variables
    expect(vars).toMatchObject({ EMAIL_FROM: 'shop@mail.example.org', SES_CONFIGURATION_SET: 'gunsmith-notify' })
  })

  it('with a custom domain, sends as notifications@<domain> and links to it', () => {
    const custom = synthStage({ stage: 'prod', alarmEmail: 'ops@example.com', domainName: 'portal.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' })
    const vars = custom.json.notify.Resources[logicalId(custom.stacks.notify.notifier.fn)].Properties.Environment.Variables
    expect(vars).toMatchObject({ EMAIL_FROM: 'notifications@portal.example.com', PORTAL_URL: 'https://portal.example.com', STAGE: 'prod' })
  })

  it('refuses a sender the SES identity does not cover', () => {
    expect(() => buildApp(fastApp({ emailFrom: 'a@example.com', sesIdentity: 'example.org' }))).toThrow(ContextError)
    expect(() => buildApp(fastApp({ emailFrom: 'not-an-address' }))).toThrow(ContextError)
  })
})

describe('the digest sender (batching)', () => {
  const fnId = () => logicalId(stacks.notify.digestSender.fn)
  const statements = () => statementsFor(json.notify, logicalId(stacks.notify.digestSender.role))

  it('is bundled from functions/notify/digest-handler.ts, runs under a minute, one at a time', () => {
    const fn = json.notify.Resources[fnId()].Properties
    expect(fn).toMatchObject({ Handler: 'index.handler', Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 50, ReservedConcurrentExecutions: 1 })
    expect(fn.LoggingConfig).toEqual({ LogGroup: { Ref: logicalId(stacks.notify.digestSender.logGroup) } })
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(['EMAIL_FROM', 'NODE_OPTIONS', 'PORTAL_URL', 'STAGE', 'TABLE_NAME'])
  })

  it('is started every minute by an EventBridge schedule rule, and by nothing else', () => {
    const rules = resourcesOf(json.notify, 'AWS::Events::Rule')
    expect(rules).toHaveLength(1)
    const [, rule] = rules[0]
    expect(rule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' })
    expect(rule.Properties.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId(), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } })])
    t.notify.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'events.amazonaws.com', FunctionName: { 'Fn::GetAtt': [fnId(), 'Arn'] } })
    expect(resourcesOf(json.notify, 'AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties.FunctionName)).not.toContainEqual({ Ref: fnId() })
  })

  it('on the table: Query on gsi1 (the due digests) and of the overdue boxes, GetItem, BatchGetItem (their orders), UpdateItem and DeleteItem (the claims); no Scan, no PutItem, no stream', () => {
    const dynamo = statements().filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')))
    expect(actionsOf(dynamo).sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Query', 'dynamodb:UpdateItem'])
    expect(JSON.stringify(dynamo)).toContain('/index/gsi1')
    expect(JSON.stringify(dynamo)).not.toMatch(/gsi[2-9]|StreamArn/)
  })

  it('sends as the SES identity and texts phone numbers only, like the notifier; its failures count in NotificationsFailed', () => {
    expect(statements().filter((st) => actionsOf([st]).some((a) => a.startsWith('ses:')))).toEqual([{ Action: 'ses:SendEmail', Effect: 'Allow', Resource: sesIdentityArn('example.com') }])
    const sns = statements().filter((st) => actionsOf([st]).includes('sns:Publish'))
    expect(sns.map((st) => st.Effect).sort()).toEqual(['Allow', 'Deny'])
    t.notify.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalId(stacks.notify.digestSender.logGroup) },
      FilterPattern: '{ $.alert = "notification_failed" }',
      MetricTransformations: [Match.objectLike({ MetricName: 'NotificationsFailed', MetricNamespace: 'Gunsmith/dev', MetricValue: '1' })],
    })
  })
})

describe('no other function gained a permission', () => {
  it('api-customer, api-admin, stripe-webhook, reconcile and the sign-up trigger send no email or SMS and read no stream or queue', () => {
    // (The table grants of these functions list GetRecords/GetShardIterator on the table ARN, as before; the stream has its own ARN.)
    const roles = [
      ...Object.values(stacks.api.functions).map((fn) => ({ key: 'api' as const, role: fn!.role })),
      { key: 'api' as const, role: stacks.api.reconcile.role },
      { key: 'auth' as const, role: stacks.auth.postConfirmation.role },
    ]
    for (const { key, role } of roles) {
      const statements = statementsFor(json[key], logicalId(role))
      expect(actionsOf(statements).filter((a) => /^(ses|sns|sqs|sesv2|sms-voice):/.test(a) || /^dynamodb:(DescribeStream|ListStreams)$/.test(a)), role.node.path).toEqual([])
      expect(JSON.stringify(statements), role.node.path).not.toContain('StreamArn')
    }
  })
})

describe('the notifier alarms', () => {
  /** The alarm's one metric, whichever form CDK rendered (a labelled metric goes into `Metrics`). */
  const alarmNamed = (suffix: string) => {
    const a = resourcesOf(json.monitoring, 'AWS::CloudWatch::Alarm').find(([, r]) => r.Properties.AlarmName === `gunsmith-dev-${suffix}`)?.[1].Properties
    expect(a, suffix).toBeDefined()
    const stat = a.Metrics?.[0]?.MetricStat
    return stat
      ? { ...a, MetricName: stat.Metric.MetricName, Namespace: stat.Metric.Namespace, Dimensions: stat.Metric.Dimensions, Statistic: stat.Stat }
      : a
  }

  it('alarms at one message in the dead-letter queue', () => {
    const a = alarmNamed('NotifierDeadLetters')
    expect(a).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS', Threshold: THRESHOLDS.notifierDlqMessages, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })
    expect(exportedValue(json.notify, a.Dimensions[0].Value)).toEqual({ 'Fn::GetAtt': [logicalId(stacks.notify.deadLetterQueue), 'QueueName'] })
  })

  it('alarms on the notifier errors, throttles, iterator age and failed deliveries (log metric)', () => {
    expect(alarmNamed('notifier-Errors')).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda' })
    expect(alarmNamed('notifier-Throttles')).toMatchObject({ MetricName: 'Throttles', Namespace: 'AWS/Lambda' })
    expect(alarmNamed('NotifierIteratorAge')).toMatchObject({ MetricName: 'IteratorAge', Statistic: 'Maximum', Threshold: 600_000 })
    expect(alarmNamed('NotificationsFailed')).toMatchObject({ MetricName: 'NotificationsFailed', Namespace: 'Gunsmith/dev', Threshold: 1 })
    t.notify.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalId(stacks.notify.notifier.logGroup) },
      FilterPattern: '{ $.alert = "notification_failed" }',
      MetricTransformations: [Match.objectLike({ MetricName: 'NotificationsFailed', MetricNamespace: 'Gunsmith/dev', MetricValue: '1' })],
    })
  })
})
