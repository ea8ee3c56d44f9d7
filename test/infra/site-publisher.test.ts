/**
 * The site publisher in AWS (infra/constructs/site-publisher.ts, wired in infra/stacks/web-stack.ts): the function
 * and its asset (the web build's kit as site-kit/), its exact permissions, the stream mapping on settings writes and
 * its dead-letter queue, the deploy-time publish (a custom resource after the BucketDeployment, run again by a new
 * build), the BucketDeployment leaving prerendered/ and .site-kit/ alone, the alarms; and none of it without a kit.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { SITE_ENV_NAMES } from '../../functions/site/site-env.ts'
import { buildApp } from '../../infra/bin/build-app.ts'
import { LocalLambdaBundling, SITE_PUBLISHER_ENTRY } from '../../infra/constructs/lambda-bundle.ts'
import { SITE_PAGES_RESOURCE_TYPE, SITE_PUBLISHER, siteKitBuild } from '../../infra/constructs/site-publisher.ts'
import { THRESHOLDS } from '../../infra/stacks/monitoring-stack.ts'
import { PROD, SITE_BUILD, STACK_KEYS, actionsOf, exportedValue, fakeWebBuild, fastApp, logicalId, resourcesOf, statementsFor, synthStage, tmp, type Synth } from './helpers.ts'

const s = synthStage()
const { stacks, t, json } = s
const publisher = () => {
  expect(stacks.web.sitePublisher, 'the web build has a site kit: the Web stack has a publisher').toBeDefined()
  return stacks.web.sitePublisher!
}
const fnId = () => logicalId(publisher().publisher.fn)
const fnProps = () => json.web.Resources[fnId()].Properties
const statements = () => statementsFor(json.web, logicalId(publisher().publisher.role))
const tableArn = { 'Fn::GetAtt': [logicalId(stacks.data.table), 'Arn'] }
const streamArn = { 'Fn::GetAtt': [logicalId(stacks.data.table), 'StreamArn'] }
const distributionArn = () => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: logicalId(stacks.web.distribution) }]],
})
/** The site's BucketDeployment: DeploySite (always), PruneSite (with a publisher: the deploy's last step). */
const deploymentOf = (tpl: Record<string, any>, name: 'DeploySite' | 'PruneSite' = 'DeploySite') => {
  const found = resourcesOf(tpl, 'Custom::CDKBucketDeployment').filter(([id]) => id.startsWith(name))
  expect(found).toHaveLength(1)
  return found[0]
}
/** Every event source mapping of the stage, with its stack. */
const mappings = (x: Synth) => STACK_KEYS.flatMap((k) => resourcesOf(x.json[k], 'AWS::Lambda::EventSourceMapping').map(([id, m]) => ({ stack: k, id, m })))

describe('the site publisher function', () => {
  it('is bundled from functions/site/publisher-handler.ts like the other functions: Node 22, arm64, 60 s, 1024 MB, its own log group', () => {
    expect(fnProps()).toMatchObject({ Handler: 'index.handler', Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 60, MemorySize: 1024 })
    expect(SITE_PUBLISHER.timeout.toSeconds()).toBe(60)
    expect(fnProps().LoggingConfig).toEqual({ LogGroup: { Ref: logicalId(publisher().publisher.logGroup) } })
    expect(fnProps().ReservedConcurrentExecutions).toBeUndefined()
  })

  it('gets SITE_BUCKET (the site bucket), SITE_DISTRIBUTION_ID (this distribution) and TABLE_NAME, and nothing of the API', () => {
    const vars = fnProps().Environment.Variables
    expect(Object.keys(vars).sort()).toEqual(['NODE_OPTIONS', 'SITE_BUCKET', 'SITE_BUILD', 'SITE_DISTRIBUTION_ID', 'STAGE', 'TABLE_NAME'])
    expect(SITE_ENV_NAMES).toMatchObject({ bucket: 'SITE_BUCKET', distributionId: 'SITE_DISTRIBUTION_ID', build: 'SITE_BUILD' })
    // The build it carries: a rollback's request for the previous one is answered without publishing.
    expect(vars.SITE_BUILD).toBe(SITE_BUILD)
    expect(vars.SITE_BUCKET).toEqual({ Ref: logicalId(stacks.web.bucket) })
    expect(vars.SITE_DISTRIBUTION_ID).toEqual({ Ref: logicalId(stacks.web.distribution) })
    expect(exportedValue(json.data, vars.TABLE_NAME)).toEqual({ Ref: logicalId(stacks.data.table) })
    expect(vars.STAGE).toBe('dev')
    // The kit is read from the asset (LAMBDA_TASK_ROOT/site-kit), not from a configured folder.
    expect(vars[SITE_ENV_NAMES.kitDir]).toBeUndefined()
  })

  it("carries the web build's kit in its asset: the kit folder is a field of its local bundling (the asset cache key)", () => {
    const local = (x: Synth) => {
      const fn = x.stacks.web.sitePublisher!.publisher.fn
      // The asset hash of a skipped bundling is a hash of the bundling options: another kit folder, another asset.
      return x.json.web.Resources[logicalId(fn)].Properties.Code.S3Key as string
    }
    const elsewhere = synthStage({}, { webDist: fakeWebBuild(join(tmp, 'dist-elsewhere')) })
    expect(local(elsewhere)).not.toBe(local(s))
    const bundling = new LocalLambdaBundling(SITE_PUBLISHER_ENTRY, { include: { dir: join(tmp, 'dist', '.site-kit'), as: 'site-kit' } })
    expect(JSON.parse(JSON.stringify(bundling))).toEqual({ entry: 'functions/site/publisher-handler.ts', include: { dir: expect.stringMatching(/dist\/\.site-kit$/), as: 'site-kit' } })
    // Every other function's bundling is what it was: the entry alone.
    expect(JSON.parse(JSON.stringify(new LocalLambdaBundling(SITE_PUBLISHER_ENTRY)))).toEqual({ entry: 'functions/site/publisher-handler.ts' })
    expect(() => new LocalLambdaBundling(SITE_PUBLISHER_ENTRY, { include: { dir: 'x', as: '../x' } })).toThrow(/not a folder name/)
    expect(() => new LocalLambdaBundling(SITE_PUBLISHER_ENTRY, { include: { dir: 'x', as: 'chunks' } })).toThrow(/not a folder name/)
  })

  it('bundles the handler and copies the kit beside it as site-kit/ (where functions/site/site-env.ts looks)', { timeout: 60_000 }, () => {
    const dist = fakeWebBuild(join(tmp, 'dist-bundled'), { build: 'fedcba9876543210' })
    const out = join(tmp, 'bundle-out')
    new LocalLambdaBundling(SITE_PUBLISHER_ENTRY, { include: { dir: join(dist, '.site-kit'), as: 'site-kit' } }).tryBundle(out)
    expect(existsSync(join(out, 'index.mjs'))).toBe(true)
    expect(JSON.parse(readFileSync(join(out, 'site-kit', 'site.json'), 'utf8')).build).toBe('fedcba9876543210')
    expect(() => new LocalLambdaBundling(SITE_PUBLISHER_ENTRY, { include: { dir: join(tmp, 'no-kit-here'), as: 'site-kit' } }).tryBundle(join(tmp, 'bundle-out-2'))).toThrow(/does not exist/)
  })
})

describe("the site publisher's permissions", () => {
  it('on the table: GetItem on the table itself only (no Scan, no Query, no write), and the stream reads', () => {
    const table = statements().filter((st) => JSON.stringify(st.Resource).includes('Data:ExportsOutputFnGetAttTable') && !JSON.stringify(st.Resource).includes('StreamArn'))
    expect(table).toHaveLength(1)
    expect(table[0]).toMatchObject({ Effect: 'Allow', Action: 'dynamodb:GetItem' })
    expect(exportedValue(json.data, table[0].Resource)).toEqual(tableArn)
    const stream = statements().filter((st) => JSON.stringify(st.Resource).includes('StreamArn'))
    expect(stream).toHaveLength(1)
    expect(actionsOf(stream).sort()).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'])
    expect(exportedValue(json.data, stream[0].Resource)).toEqual(streamArn)
    const dynamo = actionsOf(statements()).filter((a) => a.startsWith('dynamodb:')).sort()
    expect(dynamo).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'])
    expect(dynamo).not.toContain('dynamodb:Scan')
    // ListStreams is the only action on "*" (AWS gives it no resource).
    expect(statements().filter((st) => [st.Resource].flat().includes('*'))).toEqual([{ Action: 'dynamodb:ListStreams', Effect: 'Allow', Resource: '*' }])
  })

  it("s3:PutObject on the site bucket's prerendered/ prefix only, and no other S3 action", () => {
    const s3 = statements().filter((st) => actionsOf([st]).some((a) => a.startsWith('s3:')))
    expect(s3).toEqual([
      { Action: 's3:PutObject', Effect: 'Allow', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(stacks.web.bucket), 'Arn'] }, '/prerendered/*']] } },
    ])
  })

  it('cloudfront:CreateInvalidation on this distribution only', () => {
    const cf = statements().filter((st) => actionsOf([st]).some((a) => a.startsWith('cloudfront:')))
    expect(cf).toEqual([{ Action: 'cloudfront:CreateInvalidation', Effect: 'Allow', Resource: distributionArn() }])
  })

  it('sends to its own dead-letter queue only; writes its own log group only', () => {
    const sqs = statements().filter((st) => actionsOf([st]).some((a) => a.startsWith('sqs:')))
    expect(sqs).toHaveLength(1)
    expect(actionsOf(sqs).sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'])
    expect(sqs[0].Resource).toEqual({ 'Fn::GetAtt': [logicalId(publisher().deadLetterQueue), 'Arn'] })
    const logs = statements().filter((st) => actionsOf([st]).some((a) => a.startsWith('logs:')))
    expect(logs).toEqual([expect.objectContaining({ Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logicalId(publisher().publisher.logGroup), 'Arn'] } })])
    expect(actionsOf(statements()).filter((a) => !/^(dynamodb|s3|cloudfront|sqs|logs):/.test(a))).toEqual([])
  })
})

describe('the stream mapping', () => {
  it('reads the table stream for INSERT and MODIFY of the settings item: small batches, a few retries, 1 h, dead-letter queue', () => {
    const own = mappings(s).filter(({ m }) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: fnId() }))
    expect(own).toHaveLength(1)
    const [{ stack, m }] = own
    expect(stack).toBe('web')
    expect(m.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: SITE_PUBLISHER.batchSize,
      MaximumRetryAttempts: SITE_PUBLISHER.retryAttempts,
      MaximumRecordAgeInSeconds: 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(publisher().deadLetterQueue), 'Arn'] } } },
    })
    expect(m.Properties.BatchSize).toBeLessThanOrEqual(10)
    expect(m.Properties.MaximumRetryAttempts).toBeGreaterThan(0)
    expect(m.Properties.MaximumRetryAttempts).toBeLessThanOrEqual(5)
    expect(exportedValue(json.data, m.Properties.EventSourceArn)).toEqual(streamArn)
    expect(m.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { __edb_e__: { S: ['settings'] } } } },
    ])
  })

  it('makes two consumers of the table stream: the notifier and the publisher (AWS advises at most two per shard)', () => {
    const onStream = mappings(s).filter(({ stack, m }) => JSON.stringify(exportedValue(json.data, m.Properties.EventSourceArn)) === JSON.stringify(streamArn) && stack !== 'data')
    expect(onStream.map(({ stack }) => stack).sort()).toEqual(['notify', 'web'])
  })

  it('has an encrypted, TLS-only dead-letter queue keeping messages 14 days', () => {
    const q = json.web.Resources[logicalId(publisher().deadLetterQueue)]
    expect(q.Properties).toEqual({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 })
    expect(q.DeletionPolicy).toBe('Delete')
    t.web.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: logicalId(publisher().deadLetterQueue) }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    })
  })

  it('keeps the queue and the log in prod (retained with the stage)', () => {
    const prod = synthStage({ ...PROD })
    const p = prod.stacks.web.sitePublisher!
    expect(prod.json.web.Resources[logicalId(p.deadLetterQueue)].DeletionPolicy).toBe('Retain')
    expect(prod.json.web.Resources[logicalId(p.publisher.logGroup)].DeletionPolicy).toBe('Retain')
  })
})

describe('the deploy-time publish', () => {
  const pages = (x: Synth) => {
    const found = resourcesOf(x.json.web, SITE_PAGES_RESOURCE_TYPE)
    expect(found).toHaveLength(1)
    return found[0]
  }

  it("is a custom resource served by the publisher itself, carrying the build, after the BucketDeployment", () => {
    const [, r] = pages(s)
    expect(r.Properties).toEqual({ ServiceToken: { 'Fn::GetAtt': [fnId(), 'Arn'] }, ServiceTimeout: String(SITE_PUBLISHER.deployTimeout.toSeconds()), Build: SITE_BUILD })
    const [deploymentId] = deploymentOf(json.web)
    expect(r.DependsOn).toEqual(expect.arrayContaining([deploymentId]))
  })

  it('runs again when the build changes (its properties follow site.json `build`), and only then', () => {
    const other = synthStage({}, { webDist: fakeWebBuild(join(tmp, 'dist-next'), { build: 'aaaabbbbccccdddd' }) })
    expect(pages(other)[1].Properties.Build).toBe('aaaabbbbccccdddd')
    expect(pages(other)[0]).toBe(pages(s)[0])
    const same = synthStage({}, { webDist: fakeWebBuild(join(tmp, 'dist-same')) })
    expect(pages(same)[1].Properties).toEqual(pages(s)[1].Properties)
  })

  it('reads the build from site.json and refuses one that is not a build hash', () => {
    expect(siteKitBuild(join(tmp, 'dist'))).toBe(SITE_BUILD)
    expect(siteKitBuild(join(tmp, 'nothing-here'))).toBeNull()
    const bad = fakeWebBuild(join(tmp, 'dist-bad'), { build: 'latest' })
    expect(() => siteKitBuild(bad)).toThrow(/16 hex/)
    expect(() => buildApp(fastApp(), { webDist: bad })).toThrow(/16 hex/)
  })
})

describe('the BucketDeployment', () => {
  it('neither uploads nor prunes the published pages (prerendered/*) and the kit (.site-kit/*)', () => {
    for (const name of ['DeploySite', 'PruneSite'] as const) expect(deploymentOf(json.web, name)[1].Properties.Exclude, name).toEqual(['.site-kit/*', 'prerendered/*'])
  })

  it('deploys in three steps, so the published pages never point at deleted assets: add the build, publish, then prune', () => {
    const [deployId, deploy] = deploymentOf(json.web)
    const [pruneId, prune] = deploymentOf(json.web, 'PruneSite')
    const [pagesId, pages] = resourcesOf(json.web, SITE_PAGES_RESOURCE_TYPE)[0]
    // 1. The new build's files, the previous build's kept (no prune), CloudFront told.
    expect(deploy.Properties.Prune).toBe(false)
    expect(deploy.Properties.DistributionId).toEqual({ Ref: logicalId(stacks.web.distribution) })
    // 2. The pages, published against them.
    expect(pages.DependsOn).toEqual(expect.arrayContaining([deployId]))
    // 3. The same files again, now pruning what the build no longer has (nothing new for CloudFront).
    expect(prune.DependsOn).toEqual(expect.arrayContaining([pagesId]))
    expect(prune.Properties.Prune).toBe(true)
    expect(prune.Properties.DistributionId).toBeUndefined()
    expect(prune.Properties.SourceObjectKeys).toEqual(deploy.Properties.SourceObjectKeys)
    expect(prune.Properties.DestinationBucketName).toEqual(deploy.Properties.DestinationBucketName)
    expect(pruneId).not.toBe(deployId)
  })
})

describe('the publisher alarms', () => {
  const alarmNamed = (suffix: string) => {
    const a = resourcesOf(json.monitoring, 'AWS::CloudWatch::Alarm').find(([, r]) => r.Properties.AlarmName === `gunsmith-dev-${suffix}`)?.[1].Properties
    expect(a, suffix).toBeDefined()
    const stat = a.Metrics?.[0]?.MetricStat
    return stat ? { ...a, MetricName: stat.Metric.MetricName, Namespace: stat.Metric.Namespace, Dimensions: stat.Metric.Dimensions, Statistic: stat.Stat } : a
  }

  it('alarms at one message in its dead-letter queue', () => {
    const a = alarmNamed('SitePublisherDeadLetters')
    expect(a).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS', Threshold: THRESHOLDS.sitePublisherDlqMessages, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })
    expect(exportedValue(json.web, a.Dimensions[0].Value)).toEqual({ 'Fn::GetAtt': [logicalId(publisher().deadLetterQueue), 'QueueName'] })
  })

  it('alarms on its errors and throttles, and on failed publishes (alert=site_publish_failed, a log metric)', () => {
    for (const metric of ['Errors', 'Throttles']) {
      const a = alarmNamed(`site-publisher-${metric}`)
      expect(a).toMatchObject({ MetricName: metric, Namespace: 'AWS/Lambda', Threshold: 1 })
      expect(exportedValue(json.web, a.Dimensions[0].Value)).toEqual({ Ref: fnId() })
    }
    expect(alarmNamed('SitePublishFailed')).toMatchObject({ MetricName: 'SitePublishFailed', Namespace: 'Gunsmith/dev', Threshold: THRESHOLDS.sitePublishFailed })
    t.web.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalId(publisher().publisher.logGroup) },
      FilterPattern: '{ $.alert = "site_publish_failed" }',
      MetricTransformations: [Match.objectLike({ MetricName: 'SitePublishFailed', MetricNamespace: 'Gunsmith/dev', MetricValue: '1' })],
    })
  })
})

describe('without a site kit', () => {
  const publisherParts = (tpl: Record<string, any>) => [
    ...resourcesOf(tpl, SITE_PAGES_RESOURCE_TYPE),
    ...resourcesOf(tpl, 'AWS::Lambda::EventSourceMapping'),
    ...resourcesOf(tpl, 'AWS::SQS::Queue'),
    ...resourcesOf(tpl, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.SITE_BUCKET),
  ]

  it('a build without one: no publisher, the build\'s own pages are deployed (only .site-kit/* excluded), and a warning', () => {
    const x = buildApp(fastApp(), { webDist: fakeWebBuild(join(tmp, 'dist-no-kit'), { kit: false }) })
    expect(x.web.sitePublisher).toBeUndefined()
    const web = Template.fromStack(x.web).toJSON()
    expect(publisherParts(web)).toEqual([])
    expect(deploymentOf(web)[1].Properties.Exclude).toEqual(['.site-kit/*'])
    // One step, pruning: the build's own pages are the served ones.
    expect(deploymentOf(web)[1].Properties.Prune).toBe(true)
    expect(resourcesOf(web, 'Custom::CDKBucketDeployment')).toHaveLength(1)
    Annotations.fromStack(x.web).hasWarning('*', Match.stringLikeRegexp('site\\.json'))
    const monitoring = Template.fromStack(x.monitoring).toJSON()
    expect(resourcesOf(monitoring, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties.AlarmName).filter((n) => /site-?publish/i.test(n))).toEqual([])
  })

  it('no build at all (a fresh clone): the placeholder page and its warning, no publisher', () => {
    const x = buildApp(fastApp(), { webDist: join(tmp, 'not-built') })
    expect(x.web.sitePublisher).toBeUndefined()
    expect(publisherParts(Template.fromStack(x.web).toJSON())).toEqual([])
    Annotations.fromStack(x.web).hasWarning('*', Match.stringLikeRegexp('npm run build:web'))
    Annotations.fromStack(x.web).hasNoWarning('*', Match.stringLikeRegexp('site\\.json'))
  })
})
