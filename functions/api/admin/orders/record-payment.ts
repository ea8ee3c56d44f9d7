import { shopPaymentSchema } from '@gs/shared/schemas/ledger'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { recordShopPayment } from '#functions/use-cases/record-shop-payment.ts'
import { ledgerRepository, orderRepository } from '#functions/compose.ts'
import { presentLedgerResult } from './ledger-result.ts'

/** POST /api/admin/orders/{orderId}/payments { requestId, method, amountCents, reference? } → 201 { order, payment }: cash, check or card in the shop. */
export const handler = defineRoute({ body: shopPaymentSchema }, async ({ caller, params, body }) => {
  const result = await recordShopPayment({ orders: await orderRepository(), ledger: await ledgerRepository(), orderId: params.orderId, adminId: caller.userId, actor: actorOf(caller), input: body })
  return { statusCode: 201, body: presentLedgerResult(result) }
})
