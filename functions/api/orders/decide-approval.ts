import { approvalDecisionSchema } from '@gs/shared/schemas/orders'
import { defineRoute } from '#functions/lib/http.ts'
import { decideAdditionalCost } from '#functions/use-cases/decide-additional-cost.ts'
import { presentOrder } from '../present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/orders/{orderId}/approval { decision, reason?, requestId? } → 200 Order; 409 unless the request is pending. */
export const handler = defineRoute({ body: approvalDecisionSchema }, async ({ caller, params, body }) => {
  const order = await decideAdditionalCost({
    orders: await orderRepository(),
    orderId: params.orderId,
    customer: caller,
    decision: body.decision,
    reason: body.reason,
    requestId: body.requestId,
  })
  return { body: presentOrder(order) }
})
