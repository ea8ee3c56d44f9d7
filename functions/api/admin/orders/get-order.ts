import { defineRoute } from '../../../lib/http.ts'
import { getAdminOrder } from '../../../use-cases/get-admin-order.ts'
import { presentOrderDetail } from '../../orders/present.ts'
import { orderRepository } from '../../../compose.ts'

/** GET /api/admin/orders/{orderId}: any customer's order with updates, parts and payments. */
export const handler = defineRoute({}, async ({ params }) => {
  const detail = await getAdminOrder({ orders: orderRepository(), orderId: params.orderId })
  return { body: presentOrderDetail(detail) }
})
