import { updateAdminOrderSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '../../../lib/http.ts'
import { updateAdminOrder } from '../../../use-cases/update-admin-order.ts'
import { presentOrder } from '../../orders/present.ts'
import { orderRepository } from '../../../compose.ts'

/** PATCH /api/admin/orders/{orderId}: the edit form against `version`; a stale version is a 409. */
export const handler = defineRoute({ body: updateAdminOrderSchema }, async ({ caller, params, body }) => {
  const order = await updateAdminOrder({ orders: orderRepository(), orderId: params.orderId, input: body, adminId: caller.userId })
  return { body: presentOrder(order) }
})
