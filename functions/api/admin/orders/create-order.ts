import { createAdminOrderSchema } from '@gs/shared/schemas/admin-orders'
import { createProfileRepository } from '#functions/db/repositories/profiles.ts'
import { createSettingsRepository } from '#functions/db/repositories/settings.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { createAdminOrder } from '#functions/use-cases/create-admin-order.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders → 201 Order, status order_created, first update "Order created". */
export const handler = defineRoute({ body: createAdminOrderSchema }, async ({ caller, body }) => {
  const table = defaultTable()
  const order = await createAdminOrder({ orders: orderRepository(table), profiles: createProfileRepository(table), settings: createSettingsRepository(table), input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { statusCode: 201, body: presentOrder(order) }
})
