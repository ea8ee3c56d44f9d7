import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { deleteOrder } from '#functions/use-cases/delete-order.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** DELETE /api/admin/orders/{orderId}: soft delete; 200 with the order as it was last shown (it is hidden from every list now). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const order = await deleteOrder({ orders: await orderRepository(), orderId: params.orderId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
