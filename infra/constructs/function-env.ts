import { ENV_NAMES } from '../../functions/lib/env.ts'

/**
 * The environment variables infra sets on the functions: the names are declared once, in
 * functions/lib/env.ts (which parses them once per cold start). AWS_REGION is set by Lambda.
 */
export const FunctionEnv = {
  tableName: ENV_NAMES.tableName,
  userPoolId: ENV_NAMES.userPoolId,
  stage: ENV_NAMES.stage,
  /** ARNs of the Stripe secrets in Secrets Manager (ARNs are not secrets; functions/lib/stripe-secrets.ts reads the values). */
  stripeSecretKeySecretArn: ENV_NAMES.stripeSecretKeySecretArn,
  stripeWebhookSecretArn: ENV_NAMES.stripeWebhookSecretArn,
  /** API functions: the `x-origin-verify` value CloudFront adds (a Secrets Manager dynamic reference, resolved at deploy). */
  originVerify: ENV_NAMES.originVerify,
  /** The notification sender: the notifier sends as it, api-admin shows it on Settings → Email Settings. */
  emailFrom: ENV_NAMES.emailFrom,
  /** The condition photos' bucket (api-admin and api-customer; infra/constructs/photos-bucket.ts). */
  photosBucket: ENV_NAMES.photosBucket,
  /** Stack traces point at the TypeScript sources through the bundled source maps. */
  nodeOptions: 'NODE_OPTIONS',
} as const

export type FunctionEnvName = (typeof FunctionEnv)[keyof typeof FunctionEnv]
