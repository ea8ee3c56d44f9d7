import { addLineSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { addOrderLine } from '#functions/use-cases/add-order-line.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository, serviceTypeRepository, settingsRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/lines → 201 Order: the line is on it, and the invoice follows. */
export const handler = defineRoute({ body: addLineSchema }, async ({ caller, params, body }) => {
  const order = await addOrderLine({ orders: await orderRepository(), pricing: { settings: await settingsRepository(), types: await serviceTypeRepository() }, orderId: params.orderId, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { statusCode: 201, body: presentOrder(order) }
})
