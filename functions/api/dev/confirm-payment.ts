import { devConfirmSchema } from '@gs/shared/schemas/payments'
import { createDevIntentRepository } from '../../db/repositories/dev-intents.ts'
import { defaultTable } from '../../db/table.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { defineRoute, type ApiEvent } from '../../lib/http.ts'
import { stripeSecrets } from '../../lib/stripe-secrets.ts'
import { paymentsMode } from '../../payments/index.ts'
import { signStripePayload } from '../../payments/stripe-events.ts'
import { confirmDevPayment } from '../../use-cases/confirm-dev-payment.ts'
import { handler as stripeWebhook } from '../../webhooks/stripe-webhook.ts'
import { paymentRepository } from '../../compose.ts'

/**
 * Delivers an event to the webhook route exactly as Stripe would: the JSON
 * body signed with the webhook secret in a Stripe-Signature header; the
 * webhook verifies it like any other delivery.
 */
async function deliverToWebhook(event: { id: string }) {
  const payload = JSON.stringify(event)
  const { webhookSecret } = await stripeSecrets()
  const headers = { 'content-type': 'application/json', 'stripe-signature': await signStripePayload(payload, webhookSecret) }
  await stripeWebhook({
    event: { headers, body: payload, isBase64Encoded: false, routeKey: 'POST /api/webhooks/stripe' } as unknown as ApiEvent,
    caller: undefined as never,
    params: {},
    query: {},
    body: undefined,
    rawBody: payload,
    requestId: `dev-${event.id}`,
  })
}

/**
 * POST /api/dev/payments/{paymentIntentId}/confirm { cardNumber } — dev payments
 * mode only (not deployed to AWS, and a 404 whenever a Stripe key is set).
 * 4242424242424242 succeeds, 4000000000000002 is declined (402 "Your card was declined.").
 */
export const handler = defineRoute({ body: devConfirmSchema }, async ({ caller, params, body }) => {
  if ((await paymentsMode()) !== 'dev') throw new NotFoundError('No such route')
  const table = defaultTable()
  const result = await confirmDevPayment({
    intents: createDevIntentRepository(table),
    payments: paymentRepository(table),
    deliver: deliverToWebhook,
    paymentIntentId: params.paymentIntentId,
    userId: caller.userId,
    cardNumber: body.cardNumber,
  })
  return { body: result }
})
