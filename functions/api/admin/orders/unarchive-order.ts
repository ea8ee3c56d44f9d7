import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { setOrderArchived } from '#functions/use-cases/set-order-archived.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/unarchive → 200 Order (unarchive: back to the active list). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const order = await setOrderArchived({ orders: await orderRepository(), orderId: params.orderId, archived: false, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
