import { defaultTable } from '../db/table.ts'
import { ValidationError } from '../lib/errors.ts'
import { defineRoute } from '../lib/http.ts'
import { log } from '../lib/logger.ts'
import { stripeSecrets } from '../lib/stripe-secrets.ts'
import { paymentGateway } from '../payments/index.ts'
import { verifyStripeEvent, type PaymentIntentEvent } from '../payments/stripe-events.ts'
import { handleStripeEvent } from '../use-cases/handle-stripe-event.ts'
import { orderRepository, paymentRepository } from '../compose.ts'

export const INVALID_SIGNATURE = 'Invalid signature'

/**
 * POST /api/webhooks/stripe (public). The Stripe-Signature header is verified
 * over the raw body (base64-decoded by the stack; no JSON parser runs in this
 * group) before anything is read or written: a bad signature is a 400 and
 * writes nothing. A failure to record a charged payment is a 500, so Stripe retries.
 */
export const handler = defineRoute({}, async ({ event, rawBody }) => {
  const { webhookSecret } = await stripeSecrets()
  let stripeEvent: PaymentIntentEvent
  try {
    stripeEvent = await verifyStripeEvent(rawBody, event.headers?.['stripe-signature'], webhookSecret)
  } catch {
    log.warn('stripe webhook rejected: bad signature')
    throw new ValidationError(INVALID_SIGNATURE)
  }
  const table = defaultTable()
  const outcome = await handleStripeEvent({
    event: stripeEvent,
    orders: orderRepository(table),
    payments: paymentRepository(table),
    gateway: { retrieveIntent: async (id) => (await paymentGateway()).retrieveIntent(id) },
  })
  log.info('stripe event handled', { eventId: stripeEvent.id, type: stripeEvent.type, outcome })
  return { body: { received: true, outcome } }
})
