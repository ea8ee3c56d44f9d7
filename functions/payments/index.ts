import { paymentMessages as m } from '@gs/shared/payment-messages'
import { defaultTable } from '../db/table.ts'
import type { PaymentsMode } from '../domain/payment.ts'
import { env, runningInAws } from '../lib/env.ts'
import { ApiError } from '../lib/errors.ts'
import { stripeSecrets } from '../lib/stripe-secrets.ts'
import type { PaymentGateway } from './gateway.ts'
import { createStripeGateway, stripeClientOptionsFromEnv } from './stripe-gateway.ts'

/** 'stripe' when a secret key is set; 'dev' on the local stack without one; null in AWS before ops filled the secret. */
export async function paymentsMode(): Promise<PaymentsMode | null> {
  const { secretKey } = await stripeSecrets()
  if (secretKey) return 'stripe'
  return runningInAws() ? null : 'dev'
}

let stripeGateway: { key: string; gateway: PaymentGateway } | undefined

/**
 * The gateway for this environment (one Stripe client per container). Outside prod, STRIPE_API_BASE
 * points the official client at another host (stripe-mock, a test fake); in prod it is refused here.
 */
export async function paymentGateway(): Promise<PaymentGateway> {
  const { secretKey } = await stripeSecrets()
  if (secretKey) {
    // Read on every call (a URL parse): a refused STRIPE_API_BASE throws each time, never falls back to a cached client.
    const client = stripeClientOptionsFromEnv(env())
    const key = `${secretKey}\n${JSON.stringify(client ?? null)}`
    if (stripeGateway?.key !== key) stripeGateway = { key, gateway: createStripeGateway({ secretKey, ...(client ? { client } : {}) }) }
    return stripeGateway.gateway
  }
  if (runningInAws()) throw new ApiError(500, 'internal', m.notConfigured)
  // Local stack only: imported here, so the bundles carry the dev gateway as a lazy chunk no Lambda loads at a cold start.
  const [{ createDevGateway }, { createDevIntentRepository }] = await Promise.all([import('./dev-gateway.ts'), import('../db/repositories/dev-intents.ts')])
  return createDevGateway({ intents: createDevIntentRepository(defaultTable()) })
}
