import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { withdrawApprovalRequest } from '#functions/use-cases/withdraw-approval-request.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/approval-requests/{requestId}/withdraw → Order; 409 unless it is pending. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const order = await withdrawApprovalRequest({ orders: await orderRepository(), orderId: params.orderId, requestId: params.requestId, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
