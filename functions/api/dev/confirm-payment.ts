import type { DevConfirmResult } from '@gs/shared/api-types'
import { devConfirmSchema } from '@gs/shared/schemas/payments'
import { NotFoundError } from '#functions/lib/errors.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { stripeSecrets } from '#functions/lib/stripe-secrets.ts'
import { paymentsMode } from '#functions/payments/index.ts'
import { signStripePayload } from '#functions/payments/stripe-events.ts'
import { confirmDevPayment } from '#functions/use-cases/confirm-dev-payment.ts'
import { devIntentRepository, paymentRepository } from '#functions/compose.ts'
import { receiveStripeEvent } from '#functions/stripe-delivery.ts'

/**
 * Delivers an event as Stripe would: the JSON body signed with the webhook secret, received by
 * the same code as the webhook route (the signature is verified like any other delivery).
 */
async function deliverToWebhook(event: { id: string }) {
  const payload = JSON.stringify(event)
  const { webhookSecret } = await stripeSecrets()
  await receiveStripeEvent(payload, await signStripePayload(payload, webhookSecret))
}

/**
 * POST /api/dev/payments/{paymentIntentId}/confirm { cardNumber } — dev payments
 * mode only (not deployed to AWS, and a 404 whenever a Stripe key is set).
 * 4242424242424242 succeeds, 4000000000000002 is declined (402 "Your card was declined.").
 */
export const handler = defineRoute({ body: devConfirmSchema }, async ({ caller, params, body }) => {
  if ((await paymentsMode()) !== 'dev') throw new NotFoundError('No such route')
  const result: DevConfirmResult = await confirmDevPayment({
    intents: await devIntentRepository(),
    payments: await paymentRepository(),
    deliver: deliverToWebhook,
    paymentIntentId: params.paymentIntentId,
    userId: caller.userId,
    cardNumber: body.cardNumber,
  })
  return { body: result }
})
