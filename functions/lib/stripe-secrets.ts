/**
 * The two Stripe secrets. In AWS they live in Secrets Manager (created empty by
 * the API stack, filled by ops, see docs/deploying.md); the functions receive only
 * their ARNs (ARNs are not secrets) and fetch the values once per cold start with
 * @middy/secrets-manager, which caches them (cacheExpiry -1: for the life of the
 * container) and drops a failed fetch from its cache so the next call retries.
 * Locally (no ARN variables) they come from the environment.
 *
 * Never log the values, put them in a response or in an error message.
 */
import middy from '@middy/core'
import secretsManager from '@middy/secrets-manager'
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager'

/** Env names: the one place infra sets them is infra/constructs/function-env.ts. */
export const STRIPE_SECRET_KEY_SECRET_ARN = 'STRIPE_SECRET_KEY_SECRET_ARN'
export const STRIPE_WEBHOOK_SECRET_ARN = 'STRIPE_WEBHOOK_SECRET_ARN'

/** Signing secret used by the local stack and the tests when STRIPE_WEBHOOK_SECRET is not set. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_development_secret'

export const WEBHOOK_SECRET_NOT_SET = 'Stripe webhook secret is not set in Secrets Manager'

export interface StripeSecrets {
  /** null until ops fills the secret (payments then answer "not configured"). */
  secretKey: string | null
  webhookSecret: string
}

type Fetch = () => Promise<string | null>

let AwsClient: typeof SecretsManagerClient = SecretsManagerClient
/** Bumped by the test reset so a new fetcher never sees the previous one's cache entry. */
let generation = 0
const fetchers = new Map<string, Fetch>()

/**
 * A tiny middy handler whose only job is to run @middy/secrets-manager for one
 * secret; the value arrives on the context (setToContext). One per secret, so a
 * secret ops has not filled yet does not hide the other.
 */
function buildFetcher(arn: string): Fetch {
  const run = middy<unknown, unknown>({ timeoutEarlyInMillis: 0 })
    .use(
      secretsManager({
        AwsClient,
        fetchData: { value: arn },
        cacheKey: `stripe-secret-${generation}-${arn}`,
        cacheExpiry: -1,
        // Fetch on the first call, not at import: routes that never touch Stripe pay nothing.
        disablePrefetch: true,
        setToContext: true,
      }),
    )
    .handler(async (_event: unknown, context: any) => context.value)
  return async () => {
    try {
      // An empty context: the fetch needs nothing from the Lambda context.
      return text(await (run as (event: unknown, context: object) => Promise<unknown>)({}, {}))
    } catch (wrapped) {
      // @middy/util wraps the SDK error: "Failed to resolve internal values", cause.data = [error].
      const err = (wrapped as { cause?: { data?: unknown[] } }).cause?.data?.[0] ?? wrapped
      // Created by the stack but never filled: no AWSCURRENT version yet. Not cached, so filling it takes effect.
      if ((err as { name?: string } | null)?.name === 'ResourceNotFoundException') return null
      throw err
    }
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

function secretAt(arn: string): Promise<string | null> {
  let fetch = fetchers.get(arn)
  if (!fetch) fetchers.set(arn, (fetch = buildFetcher(arn)))
  return fetch()
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
 * Fetches (first call per cold start) or returns the cached Stripe secrets.
 * `secretKey` is null while unset; `webhookSecret` throws WEBHOOK_SECRET_NOT_SET
 * when read while unset, so routes that need only the secret key still work.
 */
export async function stripeSecrets(): Promise<StripeSecrets> {
  const secretKeyArn = process.env[STRIPE_SECRET_KEY_SECRET_ARN]
  const webhookSecretArn = process.env[STRIPE_WEBHOOK_SECRET_ARN]
  if (!secretKeyArn) {
    return result(process.env.STRIPE_SECRET_KEY || null, process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET)
  }
  // In AWS only the webhook function is given (and may read) the webhook signing secret.
  const [secretKey, webhookSecret] = await Promise.all([secretAt(secretKeyArn), webhookSecretArn ? secretAt(webhookSecretArn) : null])
  return result(secretKey, webhookSecret)
}

/** Tests: replace the Secrets Manager client class and forget the cached values. */
export function resetStripeSecretsForTests(client?: typeof SecretsManagerClient) {
  AwsClient = client ?? SecretsManagerClient
  fetchers.clear()
  generation++
}
