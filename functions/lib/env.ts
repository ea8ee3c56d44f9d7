/** Environment, parsed once per cold start. Names are set in exactly one place in infra (infra/constructs/function-env.ts). */
export interface Env {
  tableName: string
  region: string
  dynamoEndpoint?: string
  cognitoEndpoint?: string
  userPoolId: string
  userPoolClientId: string
  stage: string
}

function required(name: string): string {
  const v = process.env[name]
  if (!v) throw new Error(`Missing required environment variable ${name}`)
  return v
}

let cached: Env | undefined

export function env(): Env {
  if (cached) return cached
  cached = {
    tableName: required('TABLE_NAME'),
    region: process.env.AWS_REGION ?? 'us-east-1',
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    cognitoEndpoint: process.env.COGNITO_ENDPOINT || undefined,
    userPoolId: process.env.USER_POOL_ID ?? '',
    userPoolClientId: process.env.USER_POOL_CLIENT_ID ?? '',
    stage: process.env.STAGE ?? 'local',
  }
  return cached
}

/** Tests and the local stack change env between runs in one process. */
export function resetEnv() {
  cached = undefined
}
