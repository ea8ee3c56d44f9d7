import { defineRoute } from '#functions/lib/http.ts'
import { getPaymentIntent } from '#functions/use-cases/get-payment-intent.ts'
import { presentCheckout } from './present-checkout.ts'
import { paymentRepository } from '#functions/compose.ts'

/** GET /api/payments/intents/{paymentIntentId}: status pending|processing|succeeded|failed|under_review and the recorded payments (polled by the confirmation page). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const { checkout, payments } = await getPaymentIntent({ payments: await paymentRepository(), paymentIntentId: params.paymentIntentId, userId: caller.userId })
  return { body: presentCheckout(checkout, payments) }
})
