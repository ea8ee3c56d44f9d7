import { defaultProvider } from '@aws-sdk/credential-provider-node'
import type { Credentials } from '../../functions/lib/aws/sigv4.ts'

/**
 * Your AWS credentials for the ops scripts that use the functions' own clients (npm run migrate, create-admin): the
 * AWS SDK's default chain (environment, AWS_PROFILE and ~/.aws, SSO, ...), as the AWS CLI finds them. The functions
 * themselves never load it: in Lambda the credentials are the environment's.
 */
export function awsCredentials(): () => Promise<Credentials> {
  const provide = defaultProvider()
  return async () => provide()
}
