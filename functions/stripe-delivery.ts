import { ValidationError } from './lib/errors.ts'
import { log } from './lib/logger.ts'
import { stripeSecrets } from './lib/stripe-secrets.ts'
import { verifyStripeEvent, type PaymentIntentEvent } from './payments/stripe-events.ts'
import { handleStripeEvent, type EventOutcome } from './use-cases/handle-stripe-event.ts'
import { checkoutRepository, orderRepository, paymentGateway, providerLedgerRepository } from './compose.ts'

export const INVALID_SIGNATURE = 'Invalid signature'

/**
 * How far ahead of this function's clock a signature's time may be, in seconds. The SDK refuses a signature more than
 * 300 s old and none from the future: a header dated ahead would be good for as long as it is ahead. Stripe signs at
 * delivery, so only clock skew puts a real one ahead, far less than this.
 */
export const SIGNATURE_FUTURE_TOLERANCE_SECONDS = 300

/** The signed time (`t=`) of a Stripe-Signature header, in epoch seconds, read as the SDK reads it (the last `t=` wins). */
function signedAt(signature: string): number | null {
  let t: number | null = null
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=')
    if (key === 't') t = Number.parseInt(value ?? '', 10)
  }
  return t !== null && Number.isFinite(t) ? t : null
}

/**
 * What a Stripe delivery does, whoever delivers it (Stripe to the webhook route; the dev payments
 * route on the local stack, signed the same way): verify the Stripe-Signature header over the exact
 * raw body, and that it was signed within 5 minutes of now either way, before anything is read or
 * written (a bad or mistimed one is a 400 and writes nothing), then apply the event. A failure to
 * record a charged payment throws (a 500, so Stripe retries).
 */
export async function receiveStripeEvent(rawBody: string, signature: string | undefined): Promise<EventOutcome> {
  const { webhookSecret } = await stripeSecrets()
  let event: PaymentIntentEvent
  try {
    event = await verifyStripeEvent(rawBody, signature, webhookSecret)
  } catch {
    log.warn('stripe webhook rejected: bad signature')
    throw new ValidationError(INVALID_SIGNATURE)
  }
  // Verified: the header's time is the one that was signed. The SDK bounded the past; this bounds the future.
  const t = signedAt(signature ?? '')
  const aheadSeconds = t === null ? Number.POSITIVE_INFINITY : t - Date.now() / 1000
  if (aheadSeconds > SIGNATURE_FUTURE_TOLERANCE_SECONDS) {
    log.warn('stripe webhook rejected: signed in the future', { aheadSeconds: Math.round(aheadSeconds) })
    throw new ValidationError(INVALID_SIGNATURE)
  }
  return applyStripeEvent(event)
}

/**
 * An intent the provider reports succeeded, found by the app before its webhook arrived (a new
 * payment started on an order whose open intent was paid): recorded now through the webhook's own
 * path, so the provider is asked again and the payment lands exactly once; the webhook's delivery
 * later finds it recorded.
 */
export async function recordSucceededIntent(paymentIntentId: string, now = new Date()): Promise<EventOutcome> {
  return applyStripeEvent({ id: `observed_${paymentIntentId}`, type: 'payment_intent.succeeded', created: Math.floor(now.getTime() / 1000), data: { object: { id: paymentIntentId } } })
}

/** The provider's refund events: each says the refunds of a charge changed (made here or in the provider's dashboard). */
export const REFUND_EVENT_TYPES = ['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'] as const
/** The provider's dispute events. */
export const DISPUTE_EVENT_TYPES = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated'] as const

const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? null))

async function applyStripeEvent(event: PaymentIntentEvent): Promise<EventOutcome> {
  const outcome = await routeStripeEvent(event)
  log.info('stripe event handled', { eventId: event.id, type: event.type, outcome })
  return outcome
}

/** Each kind of event to its use case; every one asks the provider for the object as it is now before writing. */
async function routeStripeEvent(event: PaymentIntentEvent): Promise<EventOutcome> {
  const object = event.data?.object
  if ((REFUND_EVENT_TYPES as readonly string[]).includes(event.type)) {
    // A Charge (charge.refunded) or a Refund: either names the intent whose charge it is.
    const paymentIntentId = idOf(object?.payment_intent)
    if (!paymentIntentId) return 'ignored'
    const { syncProviderRefunds } = await import('./use-cases/provider-refunds.ts')
    return syncProviderRefunds({ paymentIntentId, eventId: event.id, orders: await orderRepository(), ledger: await providerLedgerRepository(), gateway: await paymentGateway() })
  }
  if ((DISPUTE_EVENT_TYPES as readonly string[]).includes(event.type)) {
    if (!object?.id) return 'ignored'
    const { syncProviderDispute } = await import('./use-cases/provider-disputes.ts')
    return syncProviderDispute({ disputeId: object.id, eventId: event.id, orders: await orderRepository(), ledger: await providerLedgerRepository(), gateway: await paymentGateway() })
  }
  return handleStripeEvent({
    event,
    orders: await orderRepository(),
    payments: await checkoutRepository(),
    gateway: { retrieveIntent: async (id) => (await paymentGateway()).retrieveIntent(id) },
  })
}
