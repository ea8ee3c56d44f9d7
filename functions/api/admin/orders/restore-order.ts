import { restoreOrderSchema } from '@gs/shared/schemas/admin-order-restore'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { restoreOrder } from '#functions/use-cases/restore-order.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/restore { version } → 200 Order: a deleted order back in its list (409 when the version moved, 404 when unknown). */
export const handler = defineRoute({ body: restoreOrderSchema }, async ({ caller, params, body }) => {
  const order = await restoreOrder({ orders: await orderRepository(), orderId: params.orderId, version: body.version, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
