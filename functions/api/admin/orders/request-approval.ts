import { approvalRequestSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { requestAdditionalCostApproval } from '#functions/use-cases/request-additional-cost-approval.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository, serviceTypeRepository, settingsRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/approval-request { reason, lineIds?, lines? } → 200 Order; the request is pending and the customer is notified. */
export const handler = defineRoute({ body: approvalRequestSchema }, async ({ caller, params, body }) => {
  const order = await requestAdditionalCostApproval({ orders: await orderRepository(), pricing: { settings: await settingsRepository(), types: await serviceTypeRepository() }, orderId: params.orderId, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
