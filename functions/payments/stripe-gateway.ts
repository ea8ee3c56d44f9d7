import type Stripe from 'stripe'
import { paymentMessages as m } from '@gs/shared/payment-messages'
import { PaymentFailedError, PaymentProviderError, ValidationError } from '../lib/errors.ts'
import type { CreateIntentRequest, PaymentGateway } from './gateway.ts'
import { loadStripeSdk } from './stripe-sdk.ts'

/** Pinned to the API version this SDK release is typed for (stripe 23.1.0: LatestApiVersion). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const

export interface StripeGatewayOptions {
  secretKey: string
  /** Tests point the official client at a local fake: { host, port, protocol: 'http', maxNetworkRetries: 0 }. */
  client?: Omit<ConstructorParameters<typeof Stripe>[1] & object, 'apiVersion'>
}

/** Maps the SDK's errors to the contract's (customer-side §8). Never passes on anything but Stripe's own message. */
export function mapStripeError(err: unknown): Error {
  const e = err as { type?: string; message?: string } | null
  const message = e?.message ?? ''
  // The SDK's errors all carry a `type` naming their class (StripeAPIError, StripeConnectionError, …).
  const fromStripe = typeof e?.type === 'string' && e.type.startsWith('Stripe')
  switch (e?.type) {
    case 'StripeCardError':
    case 'card_error':
      return new PaymentFailedError(m.cardError(message))
    case 'StripeInvalidRequestError':
    case 'invalid_request_error':
      return new ValidationError(m.invalidRequest(message))
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      // Their messages quote part of the key: not for customers.
      return new PaymentProviderError(m.processingError(null))
    default:
      return new PaymentProviderError(m.processingError(fromStripe ? message : null))
  }
}

export async function createStripeClient({ secretKey, client }: StripeGatewayOptions): Promise<Stripe> {
  const StripeSdk = await loadStripeSdk()
  return new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...client, apiVersion: STRIPE_API_VERSION })
}

/**
 * The Stripe adapter: PaymentIntents with automatic payment methods, an idempotency key on every create.
 * The client (and the SDK behind it) is made on the first call, not when the gateway is.
 */
export function createStripeGateway(opts: StripeGatewayOptions): PaymentGateway {
  let client: Promise<Stripe> | undefined
  const stripeClient = () => {
    client ??= createStripeClient(opts).catch((err: unknown) => {
      client = undefined
      throw err
    })
    return client
  }
  return {
    mode: 'stripe',
    async createIntent(req: CreateIntentRequest) {
      try {
        const stripe = await stripeClient()
        const pi = await stripe.paymentIntents.create(
          {
            amount: req.amountCents,
            currency: 'usd',
            automatic_payment_methods: { enabled: true },
            ...(req.receiptEmail ? { receipt_email: req.receiptEmail } : {}),
            description: req.description,
            metadata: req.metadata,
          },
          { idempotencyKey: req.idempotencyKey },
        )
        if (!pi.client_secret) throw new PaymentProviderError(m.processingError('No client secret returned'))
        return { paymentIntentId: pi.id, clientSecret: pi.client_secret, amountCents: pi.amount }
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err
        throw mapStripeError(err)
      }
    },
    async retrieveIntent(paymentIntentId) {
      const stripe = await stripeClient()
      try {
        // Expanded, the latest charge is an object (with its receipt) whatever API version the webhook endpoint is on.
        const pi = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] })
        const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null
        return { id: pi.id, status: pi.status, amountCents: pi.amount, amountReceivedCents: pi.amount_received ?? 0, currency: pi.currency, receiptUrl: charge?.receipt_url ?? null }
      } catch (err) {
        if ((err as { code?: string }).code === 'resource_missing') return null
        throw err
      }
    },
  }
}
