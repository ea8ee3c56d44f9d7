import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks, PCIDSS321Checks, ServerlessChecks } from 'cdk-nag'
import { bookVaultName } from '../constructs/book-backup.ts'
import { readStageConfig, type StageConfig } from '../constructs/stage-config.ts'
import { INDEX_NAMES } from '../../functions/db/table-schema.ts'
import { ApiStack } from '../stacks/api-stack.ts'
import { AuthStack } from '../stacks/auth-stack.ts'
import { DataStack } from '../stacks/data-stack.ts'
import { MonitoringStack } from '../stacks/monitoring-stack.ts'
import { NotifyStack } from '../stacks/notify-stack.ts'
import { WebStack } from '../stacks/web-stack.ts'

export interface GunsmithStacks {
  stage: string
  config: StageConfig
  data: DataStack
  auth: AuthStack
  api: ApiStack
  web: WebStack
  notify: NotifyStack
  monitoring: MonitoringStack
}

/** `Gunsmith-<stage>-<Concern>`: scripts/create-admin.ts and docs/deploying.md rely on these names. */
export const stackName = (stage: string, concern: 'Data' | 'Auth' | 'Api' | 'Web' | 'Notify' | 'Monitoring') => `Gunsmith-${stage}-${concern}`

/**
 * Builds every stack of one stage (context `stage`, default dev; every context
 * key is read in infra/constructs/stage-config.ts) and registers cdk-nag, for
 * `cdk synth` and the infra tests alike.
 */
export function buildApp(app: App, options: { webDist?: string } = {}): GunsmithStacks {
  const config = readStageConfig(app.node)
  const { stage } = config
  const name = (concern: Parameters<typeof stackName>[1]) => stackName(stage, concern)
  const tags = { project: 'gunsmith-portal', stage }

  const data = new DataStack(app, name('Data'), { description: `Gunsmith ${stage}: DynamoDB table`, config, tags })
  const auth = new AuthStack(app, name('Auth'), {
    description: `Gunsmith ${stage}: Cognito user pool`,
    config,
    table: data.table,
    tags,
  })
  const api = new ApiStack(app, name('Api'), {
    description: `Gunsmith ${stage}: HTTP API, functions and Stripe secrets`,
    config,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    photos: data.photos,
    tags,
  })
  const web = new WebStack(app, name('Web'), {
    description: `Gunsmith ${stage}: SPA bucket and CloudFront`,
    config,
    apiDomainName: api.apiDomainName,
    originVerifyValue: api.originVerifyValue,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    webhookPath: api.webhookPath,
    webDist: options.webDist,
    table: data.table,
    photosBucketName: data.photos.bucket.bucketName,
    tags,
  })
  const notify = new NotifyStack(app, name('Notify'), {
    description: `Gunsmith ${stage}: notifier (email and SMS) on the table stream, its dead-letter queue`,
    config,
    table: data.table,
    portalUrl: web.siteUrl,
    tags,
  })
  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    description: `Gunsmith ${stage}: alarms, alarm topic and dashboard`,
    config,
    httpApi: api.httpApi,
    table: data.table,
    tableIndexes: INDEX_NAMES.slice(0, config.tableIndexes),
    functions: {
      ...Object.fromEntries(Object.entries(api.functions).map(([group, fn]) => [group, fn.fn])),
      'post-confirmation': auth.postConfirmation.fn,
      reconcile: api.reconcile.fn,
      notifier: notify.notifier.fn,
      'notify-digests': notify.digestSender.fn,
      ...(web.sitePublisher ? { 'site-publisher': web.sitePublisher.publisher.fn } : {}),
    },
    notifier: { fn: notify.notifier.fn, deadLetterQueue: notify.deadLetterQueue },
    sitePublisher: web.sitePublisher && { deadLetterQueue: web.sitePublisher.deadLetterQueue },
    waf: web.wafMetrics,
    bookBackup: config.backup ? { vaultName: bookVaultName(stage) } : undefined,
    hasWebhook: api.webhookRouteKeys.length > 0,
    tags,
  })

  // The compliance packs `cdk synth` runs: every finding is fixed or acknowledged with its reason (test/infra/security.test.ts).
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app), new PCIDSS321Checks(app))
  return { stage, config, data, auth, api, web, notify, monitoring }
}
