import type Stripe from 'stripe'
import { paymentMessages as m } from '@gs/shared/payment-messages'
import { PaymentFailedError, PaymentProviderError, ValidationError } from '../lib/errors.ts'
import type { CreateIntentRequest, PaymentGateway, ProviderCharge, ProviderDispute, ProviderIntent, ProviderRefundDetail } from './gateway.ts'
import { loadStripeSdk } from './stripe-sdk.ts'
import type { Env } from '../lib/env.ts'

/** Pinned to the API version this SDK release is typed for (stripe 23.1.0: LatestApiVersion). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const

export interface StripeGatewayOptions {
  secretKey: string
  /** Tests point the official client at a local fake: { host, port, protocol: 'http', maxNetworkRetries: 0 }. */
  client?: Omit<ConstructorParameters<typeof Stripe>[1] & object, 'apiVersion'>
}

/** Maps the SDK's errors to the contract's. Never passes on anything but Stripe's own message. */
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

export type StripeClientOptions = NonNullable<StripeGatewayOptions['client']>

/**
 * STRIPE_API_BASE (e.g. http://127.0.0.1:12111, a stripe-mock or a local fake) as the SDK's
 * { host, port, protocol }; undefined when unset (the SDK's api.stripe.com). Refused when STAGE
 * is prod: production must only ever talk to Stripe itself, whatever a misconfigured env says.
 */
export function stripeClientOptionsFromEnv(env: Pick<Env, 'stripeApiBase' | 'stage'>): StripeClientOptions | undefined {
  const base = env.stripeApiBase?.trim()
  if (!base) return undefined
  if (env.stage === 'prod') throw new Error('STRIPE_API_BASE is set but STAGE is prod: production only talks to api.stripe.com. Unset STRIPE_API_BASE.')
  // The value is not echoed: someone may have pasted a key or credentials into it.
  const invalid = (why: string) => new Error(`STRIPE_API_BASE is invalid (${why}): expected an http(s) origin such as http://127.0.0.1:12111`)
  let url: URL
  try {
    url = new URL(base)
  } catch {
    throw invalid('not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('protocol must be http or https')
  // The SDK takes a host, not a base URL: a path, query or credentials would be silently dropped.
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) throw invalid('only scheme, host and port are allowed')
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443
  // URL keeps IPv6 literals bracketed; node's http.request wants them bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return { host, port, protocol }
}

/** An expanded charge is an object; unexpanded (or absent) it carries no receipt. */
const receiptOf = (latestCharge: Stripe.PaymentIntent['latest_charge']) => (latestCharge && typeof latestCharge === 'object' ? (latestCharge.receipt_url ?? null) : null)

export function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amount,
    amountReceivedCents: pi.amount_received ?? 0,
    currency: pi.currency,
    receiptUrl: receiptOf(pi.latest_charge),
    clientSecret: pi.client_secret ?? null,
    lastPaymentError: pi.last_payment_error?.message ?? null,
    created: pi.created,
    metadata: { ...(pi.metadata ?? {}) },
  }
}

const errorCode = (err: unknown) => (err as { code?: string } | null)?.code

/** Stripe refuses to cancel an intent whose state does not allow it (succeeded, already canceled, …). */
function refusedForState(err: unknown): boolean {
  const e = err as { type?: string; code?: string } | null
  const invalidRequest = e?.type === 'StripeInvalidRequestError' || e?.type === 'invalid_request_error'
  return invalidRequest && e?.code === 'payment_intent_unexpected_state'
}

/** Largest page Stripe's list endpoints serve. */
const STRIPE_MAX_PAGE = 100

/** A listed charge as the port has it; a disputed one costs one more request, for its dispute's status. */
async function toProviderCharge(stripe: Stripe, charge: Stripe.Charge): Promise<ProviderCharge> {
  let disputeStatus: string | null = null
  if (charge.disputed) {
    const { data } = await stripe.disputes.list({ charge: charge.id, limit: 1 })
    disputeStatus = data[0]?.status ?? 'disputed'
  }
  const intent = charge.payment_intent
  return {
    id: charge.id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    created: charge.created,
    amountCents: charge.amount_captured,
    amountRefundedCents: charge.amount_refunded,
    currency: charge.currency,
    receiptUrl: charge.receipt_url ?? null,
    disputeStatus,
  }
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
  /** The contract's errors; one this adapter already raised (PaymentProviderError) passes through as it is. */
  const mapped = (err: unknown) => (err instanceof PaymentProviderError ? err : mapStripeError(err))

  const retrieveIntent = async (paymentIntentId: string) => {
    const stripe = await stripeClient()
    try {
      // Expanded, the latest charge is an object (with its receipt) whatever API version the webhook endpoint is on.
      return toProviderIntent(await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }))
    } catch (err) {
      if (errorCode(err) === 'resource_missing') return null
      throw err
    }
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
        throw mapped(err)
      }
    },
    retrieveIntent,
    async cancelIntent(paymentIntentId) {
      try {
        const stripe = await stripeClient()
        const pi = await stripe.paymentIntents.cancel(paymentIntentId)
        return { status: pi.status }
      } catch (err) {
        if (errorCode(err) === 'resource_missing') return null
        if (!refusedForState(err)) throw mapped(err)
      }
      // Refused for its state: the caller needs that state (succeeded: it was paid after all; canceled: nothing to do).
      try {
        const now = await retrieveIntent(paymentIntentId)
        return now && { status: now.status }
      } catch (err) {
        throw mapped(err)
      }
    },
    async refund(req) {
      try {
        const stripe = await stripeClient()
        const r = await stripe.refunds.create({ payment_intent: req.paymentIntentId, amount: req.amountCents, metadata: req.metadata }, { idempotencyKey: req.idempotencyKey })
        // Stripe documents status as nullable; a refund without one has not settled yet.
        return { refundId: r.id, status: r.status ?? 'pending', amountCents: r.amount }
      } catch (err) {
        throw mapped(err)
      }
    },
    async findRefund({ paymentIntentId, metadata }) {
      try {
        const stripe = await stripeClient()
        for await (const r of stripe.refunds.list({ payment_intent: paymentIntentId, limit: STRIPE_MAX_PAGE })) {
          if (Object.entries(metadata).every(([k, v]) => r.metadata?.[k] === v)) return { refundId: r.id, status: r.status ?? 'pending', amountCents: r.amount }
        }
        return null
      } catch (err) {
        throw mapped(err)
      }
    },
    async *listSucceededCharges({ since, until, pageSize }) {
      const limit = Math.min(STRIPE_MAX_PAGE, Math.max(1, Math.floor(pageSize)))
      // Floor: charges made in the same second as `since` or `until` are included (Stripe's created is in whole seconds).
      const created = { gte: Math.floor(since.getTime() / 1000), lte: Math.floor(until.getTime() / 1000) }
      try {
        const stripe = await stripeClient()
        // The SDK's auto-pagination: the next page (starting_after the last charge) only when the loop asks for more.
        for await (const charge of stripe.charges.list({ created, limit })) {
          if (charge.status === 'succeeded') yield await toProviderCharge(stripe, charge)
        }
      } catch (err) {
        throw mapped(err)
      }
    },
    listRefunds: async (paymentIntentId) => {
      try {
        return await listStripeRefunds(await stripeClient(), paymentIntentId)
      } catch (err) {
        throw mapped(err)
      }
    },
    retrieveDispute: async (disputeId) => {
      try {
        return await retrieveStripeDispute(await stripeClient(), disputeId)
      } catch (err) {
        if (errorCode(err) === 'resource_missing') return null
        throw mapped(err)
      }
    },
  }
}

/** More refunds than a charge ever gets: the listing stops there rather than read without end. */
const MAX_REFUNDS_LISTED = 1000

/** Every refund of the intent's charge (the SDK's auto-pagination), oldest first. */
async function listStripeRefunds(stripe: Stripe, paymentIntentId: string): Promise<ProviderRefundDetail[]> {
  const found: ProviderRefundDetail[] = []
  for await (const r of stripe.refunds.list({ payment_intent: paymentIntentId, limit: STRIPE_MAX_PAGE })) {
    found.push({
      refundId: r.id,
      paymentIntentId,
      // Stripe documents status as nullable; a refund without one has not settled yet.
      status: r.status ?? 'pending',
      amountCents: r.amount,
      created: r.created,
      metadata: { ...(r.metadata ?? {}) },
      failureReason: r.failure_reason ?? null,
    })
    if (found.length >= MAX_REFUNDS_LISTED) break
  }
  return found.sort((a, b) => a.created - b.created)
}

/** A dispute and the intent of its charge (a dispute names it; one from before Stripe did is found through its charge). */
async function retrieveStripeDispute(stripe: Stripe, disputeId: string): Promise<ProviderDispute | null> {
  const d = await stripe.disputes.retrieve(disputeId)
  const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? null))
  let paymentIntentId = idOf(d.payment_intent)
  if (!paymentIntentId) {
    const chargeId = idOf(d.charge)
    paymentIntentId = chargeId ? idOf((await stripe.charges.retrieve(chargeId)).payment_intent) : null
  }
  if (!paymentIntentId) return null
  return { id: d.id, paymentIntentId, amountCents: d.amount, status: d.status, reason: d.reason }
}
