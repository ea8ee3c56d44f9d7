/**
 * Every environment variable a function reads, named once (infra/constructs/function-env.ts sets
 * them by these names) and parsed once per cold start. Values a function cannot work without are
 * asked for with `requireEnv` (the entries call it at cold start, so a missing one fails the
 * deployment's first invocation loudly, not a customer's request later).
 */
export const ENV_NAMES = {
  tableName: 'TABLE_NAME',
  /** Set by Lambda. */
  region: 'AWS_REGION',
  stage: 'STAGE',
  userPoolId: 'USER_POOL_ID',
  logLevel: 'LOG_LEVEL',
  /** Seconds a container trusts Cognito's yes to "has this admin an authenticator app?" (0 turns the cache off). */
  staffMfaTtlSeconds: 'STAFF_MFA_TTL_SECONDS',
  /** ARNs of the Stripe secrets in Secrets Manager (AWS; ARNs are not secrets: stripe-secrets.ts reads the values). */
  stripeSecretKeySecretArn: 'STRIPE_SECRET_KEY_SECRET_ARN',
  stripeWebhookSecretArn: 'STRIPE_WEBHOOK_SECRET_ARN',
  /** Local stack only: the emulators and the Stripe values themselves. */
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  cognitoEndpoint: 'COGNITO_ENDPOINT',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Outside prod: another Stripe API host for the official SDK (stripe-mock, a test fake). */
  stripeApiBase: 'STRIPE_API_BASE',
  /**
   * AWS only: the value CloudFront puts in the `x-origin-verify` header of every request it sends to the API
   * (a generated Secrets Manager value; infra/stacks/api-stack.ts). Set, a request without it is refused
   * (functions/lib/http.ts): the execute-api endpoint answers only through CloudFront, its WAF and throttles.
   */
  originVerify: 'ORIGIN_VERIFY',
  /** The condition photos' bucket (private; the API presigns uploads and short-lived views; functions/photos/photo-store.ts). */
  photosBucket: 'PHOTOS_BUCKET',
  /** Local stack only: the S3-compatible server (s3rver) the photos bucket lives in. */
  s3Endpoint: 'S3_ENDPOINT',
  /** The sender of notification emails (an SES verified identity in AWS): the notifier sends as it, Settings shows it. */
  emailFrom: 'EMAIL_FROM',
  // The notifier's own (PORTAL_URL, EMAIL_FROM, SMTP_HOST, …) are named and read in functions/notify/notify-env.ts
  // NOTIFY_ENV_NAMES: the API functions do not carry them (bundle budget).
} as const

export type LogLevel = 'debug' | 'info' | 'silent'

export interface Env {
  tableName?: string
  region: string
  stage: string
  userPoolId?: string
  logLevel: LogLevel
  staffMfaTtlSeconds: number
  stripeSecretKeySecretArn?: string
  stripeWebhookSecretArn?: string
  dynamoEndpoint?: string
  cognitoEndpoint?: string
  stripeSecretKey?: string
  stripeWebhookSecret?: string
  stripeApiBase?: string
  emailFrom?: string
  photosBucket?: string
  s3Endpoint?: string
}

/** Used when STAFF_MFA_TTL_SECONDS is unset. */
export const DEFAULT_STAFF_MFA_TTL_SECONDS = 30

const text = (name: string) => process.env[name]?.trim() || undefined

function parse(): Env {
  const ttl = text(ENV_NAMES.staffMfaTtlSeconds)
  const ttlSeconds = ttl === undefined ? DEFAULT_STAFF_MFA_TTL_SECONDS : Number(ttl)
  const level = text(ENV_NAMES.logLevel)
  return {
    emailFrom: text(ENV_NAMES.emailFrom),
    photosBucket: text(ENV_NAMES.photosBucket),
    s3Endpoint: text(ENV_NAMES.s3Endpoint),
    tableName: text(ENV_NAMES.tableName),
    region: text(ENV_NAMES.region) ?? 'us-east-1',
    stage: text(ENV_NAMES.stage) ?? 'local',
    userPoolId: text(ENV_NAMES.userPoolId),
    logLevel: level === 'debug' || level === 'silent' ? level : 'info',
    staffMfaTtlSeconds: Number.isFinite(ttlSeconds) && ttlSeconds > 0 ? ttlSeconds : 0,
    stripeSecretKeySecretArn: text(ENV_NAMES.stripeSecretKeySecretArn),
    stripeWebhookSecretArn: text(ENV_NAMES.stripeWebhookSecretArn),
    dynamoEndpoint: text(ENV_NAMES.dynamoEndpoint),
    cognitoEndpoint: text(ENV_NAMES.cognitoEndpoint),
    stripeSecretKey: text(ENV_NAMES.stripeSecretKey),
    stripeWebhookSecret: text(ENV_NAMES.stripeWebhookSecret),
    stripeApiBase: text(ENV_NAMES.stripeApiBase),
  }
}

let cached: Env | undefined

/** The environment, parsed on first use. */
export function env(): Env {
  cached ??= parse()
  return cached
}

type Required = 'tableName' | 'userPoolId' | 'photosBucket'

/** The named values, or a clear error naming the first missing variable. */
export function requireEnv<K extends Required>(...keys: K[]): { [P in K]: string } {
  const e = env()
  const out = {} as { [P in K]: string }
  for (const k of keys) {
    const v = e[k]
    if (!v) throw new Error(`Missing required environment variable ${ENV_NAMES[k]}`)
    out[k] = v
  }
  return out
}

/** In AWS (the stack set the Stripe secret ARN): Stripe is the only payment provider there. */
export const runningInAws = () => Boolean(env().stripeSecretKeySecretArn)

/** Tests and the local stack change env between runs in one process. */
export function resetEnv() {
  cached = undefined
}
