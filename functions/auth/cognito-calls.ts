import { AwsJsonClient } from '../lib/aws/json-client.ts'
import { env } from '../lib/env.ts'

let client: AwsJsonClient | undefined

/**
 * Cognito user pool calls over its JSON protocol (functions/lib/aws), for the ones a first request makes: a
 * staff member's two-step check (AdminGetUser) and the sign-up trigger (AdminAddUserToGroup). Loading the
 * SDK's Cognito client would cost those requests more than a bare Node start (issue 19); the user
 * administration of the admin routes (functions/auth/users.ts) keeps it. The endpoint is set only for cognito-local.
 */
export function cognitoCalls(): AwsJsonClient {
  if (client) return client
  const { region, cognitoEndpoint } = env()
  client = new AwsJsonClient({
    service: 'cognito-idp',
    targetPrefix: 'AWSCognitoIdentityProviderService',
    jsonVersion: '1.1',
    region,
    ...(cognitoEndpoint ? { endpoint: cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  return client
}
