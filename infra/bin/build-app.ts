import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { ApiStack } from '../stacks/api-stack.ts'
import { AuthStack } from '../stacks/auth-stack.ts'
import { DataStack } from '../stacks/data-stack.ts'
import { WebStack } from '../stacks/web-stack.ts'

export interface GunsmithStacks {
  stage: string
  data: DataStack
  auth: AuthStack
  api: ApiStack
  web: WebStack
}

/** Builds every stack and registers cdk-nag, for `cdk synth` and the infra tests alike. */
export function buildApp(app: App, options: { webDist?: string } = {}): GunsmithStacks {
  const stage = String(app.node.tryGetContext('stage') ?? 'dev')
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new Error(`Invalid stage "${stage}": lowercase letters, digits and dashes`)
  const stripePublishableKey = (app.node.tryGetContext('stripePublishableKey') as string | undefined) ?? null
  const name = (part: string) => `Gunsmith-${stage}-${part}`

  const data = new DataStack(app, name('Data'), { description: `Gunsmith ${stage}: DynamoDB table` })
  const auth = new AuthStack(app, name('Auth'), {
    description: `Gunsmith ${stage}: Cognito user pool`,
    stage,
    table: data.table,
  })
  const api = new ApiStack(app, name('Api'), {
    description: `Gunsmith ${stage}: HTTP API and functions`,
    stage,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  })
  const web = new WebStack(app, name('Web'), {
    description: `Gunsmith ${stage}: SPA bucket and CloudFront`,
    apiDomainName: api.apiDomainName,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    stripePublishableKey,
    webDist: options.webDist,
  })

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
  return { stage, data, auth, api, web }
}
