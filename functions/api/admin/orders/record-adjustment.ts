import { adjustmentSchema } from '@gs/shared/schemas/ledger'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { recordAdjustment } from '#functions/use-cases/record-adjustment.ts'
import { ledgerRepository, orderRepository } from '#functions/compose.ts'
import { presentLedgerResult } from './ledger-result.ts'

/** POST /api/admin/orders/{orderId}/adjustments { requestId, kind, amountCents, reason } → 201 { order, payment }: a discount or write-off. */
export const handler = defineRoute({ body: adjustmentSchema }, async ({ caller, params, body }) => {
  const result = await recordAdjustment({ orders: await orderRepository(), ledger: await ledgerRepository(), orderId: params.orderId, adminId: caller.userId, actor: actorOf(caller), input: body })
  return { statusCode: 201, body: presentLedgerResult(result) }
})
