import { shopPaymentSchema } from '@gs/shared/schemas/ledger'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { recordShopPayment } from '#functions/use-cases/record-shop-payment.ts'
import { ledgerRepository, orderRepository, paymentGateway } from '#functions/compose.ts'
import { presentLedgerResult } from './ledger-result.ts'

/**
 * POST /api/admin/orders/{orderId}/payments { requestId, method, amountCents, reference? } → 201 { order, payment }: cash, check or
 * card in the shop. An open card checkout of the order is canceled at the provider first; one paid or settling there is a 409.
 */
export const handler = defineRoute({ body: shopPaymentSchema }, async ({ caller, params, body }) => {
  const result = await recordShopPayment({
    orders: await orderRepository(),
    ledger: await ledgerRepository(),
    gateway: paymentGateway,
    // Rare (the customer's card was charged before its webhook came): the webhook's code loads only then.
    recordPaid: async (id) => (await import('#functions/stripe-delivery.ts')).recordSucceededIntent(id),
    orderId: params.orderId,
    adminId: caller.userId,
    actor: actorOf(caller),
    input: body,
  })
  return { statusCode: 201, body: presentLedgerResult(result) }
})
