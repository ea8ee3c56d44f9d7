import { defineRoute } from '../lib/http.ts'
import { receiveStripeEvent } from '../stripe-delivery.ts'

/**
 * POST /api/webhooks/stripe (public). The Stripe-Signature header is verified over the raw body
 * (base64-decoded by the stack; no JSON parser runs in this group) before anything is read or
 * written: a bad signature is a 400 and writes nothing. A failure to record a charged payment is
 * a 500, so Stripe retries.
 */
export const handler = defineRoute({}, async ({ event, rawBody }) => {
  const outcome = await receiveStripeEvent(rawBody, event.headers?.['stripe-signature'])
  return { body: { received: true, outcome } }
})
