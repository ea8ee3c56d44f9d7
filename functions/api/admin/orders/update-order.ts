import { updateAdminOrderSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { updateAdminOrder } from '#functions/use-cases/update-admin-order.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** PATCH /api/admin/orders/{orderId}: the edit form against `version`; a stale version is a 409. */
export const handler = defineRoute({ body: updateAdminOrderSchema }, async ({ caller, params, body }) => {
  const order = await updateAdminOrder({ orders: await orderRepository(), orderId: params.orderId, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
