import { createAdminOrderSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { createAdminOrder } from '#functions/use-cases/create-admin-order.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository, profileRepository, settingsRepository } from '#functions/compose.ts'

/** POST /api/admin/orders → 201 Order, status order_created, first update "Order created". */
export const handler = defineRoute({ body: createAdminOrderSchema }, async ({ caller, body }) => {
  const order = await createAdminOrder({ orders: await orderRepository(), profiles: await profileRepository(), settings: await settingsRepository(), input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { statusCode: 201, body: presentOrder(order) }
})
