/**
 * The two Stripe secrets. In AWS they live in Secrets Manager (created empty by the API stack,
 * filled by ops: README, Deploying); the functions receive only their ARNs (ARNs are not secrets)
 * and read each value once per container: a memoized GetSecretValue. A secret not filled yet, or a
 * failed read, is not kept, so the next call asks again. Locally (no ARN) they come from the
 * environment.
 *
 * Never log the values, put them in a response or in an error message.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { ENV_NAMES, env, resetEnv } from './env.ts'

/** Env names (declared in env.ts; infra sets them through infra/constructs/function-env.ts). */
export const STRIPE_SECRET_KEY_SECRET_ARN = ENV_NAMES.stripeSecretKeySecretArn
export const STRIPE_WEBHOOK_SECRET_ARN = ENV_NAMES.stripeWebhookSecretArn

/** Signing secret used by the local stack and the tests when STRIPE_WEBHOOK_SECRET is not set. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_development_secret'

export const WEBHOOK_SECRET_NOT_SET = 'Stripe webhook secret is not set in Secrets Manager'

export interface StripeSecrets {
  /** null until ops fills the secret (payments then answer "not configured"). */
  secretKey: string | null
  webhookSecret: string
}

/** Tests: a local Secrets Manager's URL. */
let endpoint: string | undefined
let client: SecretsManagerClient | undefined
const values = new Map<string, Promise<string | null>>()

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

async function read(arn: string): Promise<string | null> {
  client ??= new SecretsManagerClient({
    region: env().region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } } : {}),
  })
  try {
    return text((await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString)
  } catch (err) {
    // Created by the stack but never filled: no AWSCURRENT version yet.
    if ((err as { name?: string } | null)?.name === 'ResourceNotFoundException') return null
    throw err
  }
}

/** One read per secret and container; an unfilled secret (null) or a failure is forgotten, so filling it takes effect. */
function secretAt(arn: string): Promise<string | null> {
  let value = values.get(arn)
  if (!value) {
    value = read(arn)
    values.set(arn, value)
    value.then(
      (v) => v === null && values.delete(arn),
      () => values.delete(arn),
    )
  }
  return value
}

/** The result; reading `webhookSecret` throws a clear error while that secret is unset. */
function result(secretKey: string | null, webhookSecret: string | null): StripeSecrets {
  return {
    secretKey,
    get webhookSecret(): string {
      if (!webhookSecret) throw new Error(WEBHOOK_SECRET_NOT_SET)
      return webhookSecret
    },
  }
}

/**
 * The Stripe secrets (read on first use per container, then cached). `secretKey` is null while
 * unset; `webhookSecret` throws WEBHOOK_SECRET_NOT_SET when read while unset, so routes that need
 * only the secret key still work.
 */
export async function stripeSecrets(): Promise<StripeSecrets> {
  const e = env()
  if (!e.stripeSecretKeySecretArn) return result(e.stripeSecretKey ?? null, e.stripeWebhookSecret ?? LOCAL_WEBHOOK_SECRET)
  // In AWS only the webhook function is given (and may read) the webhook signing secret.
  const [secretKey, webhookSecret] = await Promise.all([secretAt(e.stripeSecretKeySecretArn), e.stripeWebhookSecretArn ? secretAt(e.stripeWebhookSecretArn) : null])
  return result(secretKey, webhookSecret)
}

/** Tests: talk to a local Secrets Manager (or AWS's), forget the cached values and re-read the environment. */
export function resetStripeSecretsForTests(secretsManagerEndpoint?: string) {
  endpoint = secretsManagerEndpoint
  client?.destroy()
  client = undefined
  values.clear()
  resetEnv()
}
