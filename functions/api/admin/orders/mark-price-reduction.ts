import { markPriceReductionSchema } from '@gs/shared/schemas/ledger'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { markPriceReduction } from '#functions/use-cases/mark-price-reduction.ts'
import { orderRepository, providerLedgerRepository } from '#functions/compose.ts'
import { presentLedgerResult } from './ledger-result.ts'

/**
 * POST /api/admin/orders/{orderId}/payments/{paymentId}/price-reduction { reason } → { order, payment }: a refund made
 * at the card provider (`paymentId`, its ledger entry) was a price reduction: the bill goes down by its amount.
 */
export const handler = defineRoute({ body: markPriceReductionSchema }, async ({ caller, params, body }) => {
  const result = await markPriceReduction({
    orders: await orderRepository(),
    ledger: await providerLedgerRepository(),
    orderId: params.orderId,
    paymentId: params.paymentId,
    adminId: caller.userId,
    actor: actorOf(caller),
    input: body,
  })
  return { body: presentLedgerResult(result) }
})
