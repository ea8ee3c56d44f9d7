import { refundSchema } from '@gs/shared/schemas/ledger'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { refundEntry } from '#functions/use-cases/refund-entry.ts'
import { ledgerRepository, orderRepository, paymentGateway, providerLedgerRepository } from '#functions/compose.ts'
import { presentLedgerResult } from './ledger-result.ts'

/**
 * POST /api/admin/orders/{orderId}/payments/{paymentId}/refunds { requestId, method, amountCents, reason, purpose } → 201 { order, payment }:
 * `card` refunds through the provider (Stripe, or the dev gateway locally); the other methods record money handed back in the shop.
 */
export const handler = defineRoute({ body: refundSchema }, async ({ caller, params, body }) => {
  const result = await refundEntry({
    orders: await orderRepository(),
    ledger: await ledgerRepository(),
    providerOrders: await orderRepository(),
    providerLedger: await providerLedgerRepository(),
    gateway: paymentGateway,
    orderId: params.orderId,
    paymentId: params.paymentId,
    adminId: caller.userId,
    actor: actorOf(caller),
    input: body,
  })
  return { statusCode: 201, body: presentLedgerResult(result) }
})
