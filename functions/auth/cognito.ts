import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { env } from '../lib/env.ts'

let client: CognitoIdentityProviderClient | undefined

/** One Cognito client per container; the endpoint is set only for cognito-local. */
export function cognitoClient(): CognitoIdentityProviderClient {
  if (client) return client
  const { region, cognitoEndpoint } = env()
  client = new CognitoIdentityProviderClient({
    region,
    ...(cognitoEndpoint ? { endpoint: cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  return client
}
