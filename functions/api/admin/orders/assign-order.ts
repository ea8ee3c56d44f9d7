import { assignOrderSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { assignOrder } from '#functions/use-cases/assign-order.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository, profileRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/assignment { gunsmithId | null } → 200 Order (assigned, or unassigned). */
export const handler = defineRoute({ body: assignOrderSchema }, async ({ caller, params, body }) => {
  const order = await assignOrder({ orders: await orderRepository(), profiles: await profileRepository(), orderId: params.orderId, gunsmithId: body.gunsmithId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
