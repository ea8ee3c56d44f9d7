import { ValidationError } from './lib/errors.ts'
import { log } from './lib/logger.ts'
import { stripeSecrets } from './lib/stripe-secrets.ts'
import { verifyStripeEvent, type PaymentIntentEvent } from './payments/stripe-events.ts'
import { handleStripeEvent, type EventOutcome } from './use-cases/handle-stripe-event.ts'
import { checkoutRepository, orderRepository, paymentGateway } from './compose.ts'

export const INVALID_SIGNATURE = 'Invalid signature'

/**
 * What a Stripe delivery does, whoever delivers it (Stripe to the webhook route; the dev payments
 * route on the local stack, signed the same way): verify the Stripe-Signature header over the exact
 * raw body before anything is read or written (a bad one is a 400 and writes nothing), then apply
 * the event. A failure to record a charged payment throws (a 500, so Stripe retries).
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

async function applyStripeEvent(event: PaymentIntentEvent): Promise<EventOutcome> {
  const outcome = await handleStripeEvent({
    event,
    orders: await orderRepository(),
    payments: await checkoutRepository(),
    gateway: { retrieveIntent: async (id) => (await paymentGateway()).retrieveIntent(id) },
  })
  log.info('stripe event handled', { eventId: event.id, type: event.type, outcome })
  return outcome
}
