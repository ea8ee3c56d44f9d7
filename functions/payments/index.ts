import { paymentMessages as m } from '@gs/shared/payment-messages'
import { createDevIntentRepository } from '../db/repositories/dev-intents.ts'
import { defaultTable } from '../db/table.ts'
import type { PaymentsMode } from '../domain/payment.ts'
import { ApiError } from '../lib/errors.ts'
import { STRIPE_SECRET_KEY_SECRET_ARN, stripeSecrets } from '../lib/stripe-secrets.ts'
import type { PaymentGateway } from './gateway.ts'
import { createDevGateway } from './dev-gateway.ts'
import { createStripeGateway } from './stripe-gateway.ts'

/** In AWS the keys come from Secrets Manager (their ARNs are set); only the local stack may run without Stripe. */
const runningInAws = () => !!process.env[STRIPE_SECRET_KEY_SECRET_ARN]

/** 'stripe' when a secret key is set; 'dev' on the local stack without one; null in AWS before ops filled the secret. */
export async function paymentsMode(): Promise<PaymentsMode | null> {
  const { secretKey } = await stripeSecrets()
  if (secretKey) return 'stripe'
  return runningInAws() ? null : 'dev'
}

let stripeGateway: { key: string; gateway: PaymentGateway } | undefined

/** The gateway for this environment (one Stripe client per container). */
export async function paymentGateway(): Promise<PaymentGateway> {
  const { secretKey } = await stripeSecrets()
  if (secretKey) {
    if (stripeGateway?.key !== secretKey) stripeGateway = { key: secretKey, gateway: createStripeGateway({ secretKey }) }
    return stripeGateway.gateway
  }
  if (runningInAws()) throw new ApiError(500, 'internal', m.notConfigured)
  return createDevGateway({ intents: createDevIntentRepository(defaultTable()) })
}
