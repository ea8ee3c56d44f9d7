/**
 * The only place infra names the environment variables the functions read
 * (functions/lib/env.ts parses them once per cold start). AWS_REGION is set by Lambda.
 */
export const FunctionEnv = {
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  stage: 'STAGE',
  /** ARNs of the Stripe secrets in Secrets Manager (ARNs are not secrets; functions/lib/stripe-secrets.ts reads the values). */
  stripeSecretKeySecretArn: 'STRIPE_SECRET_KEY_SECRET_ARN',
  stripeWebhookSecretArn: 'STRIPE_WEBHOOK_SECRET_ARN',
  /** Stack traces point at the TypeScript sources through the bundled source maps. */
  nodeOptions: 'NODE_OPTIONS',
} as const

export type FunctionEnvName = (typeof FunctionEnv)[keyof typeof FunctionEnv]
