import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { removeOrderLine } from '#functions/use-cases/remove-order-line.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** DELETE /api/admin/orders/{orderId}/lines/{lineId} → Order; a line awaiting the customer's answer is a 409. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const order = await removeOrderLine({ orders: await orderRepository(), orderId: params.orderId, lineId: params.lineId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
