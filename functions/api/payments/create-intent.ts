import { createIntentSchema } from '@gs/shared/schemas/payments'
import { defineRoute } from '#functions/lib/http.ts'
import { createPaymentIntent } from '#functions/use-cases/create-payment-intent.ts'
import { presentCreatedIntent } from './present.ts'
import { orderRepository, paymentGateway, paymentRepository } from '#functions/compose.ts'

/** POST /api/payments/intents { orderIds, amountCents?, includeShipping } → { paymentIntentId, clientSecret, amountCents, allocations, mode }. */
export const handler = defineRoute({ body: createIntentSchema }, async ({ caller, body }) => {
  const result = await createPaymentIntent({
    orders: await orderRepository(),
    payments: await paymentRepository(),
    gateway: await paymentGateway(),
    customer: { userId: caller.userId, email: caller.email },
    input: body,
    // Rare (an open intent paid before its webhook came): the webhook's code loads only then.
    recordPaid: async (id) => (await import('#functions/stripe-delivery.ts')).recordSucceededIntent(id),
  })
  return { statusCode: 201, body: presentCreatedIntent(result) }
})
