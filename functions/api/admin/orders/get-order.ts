import { defineRoute } from '#functions/lib/http.ts'
import { getAdminOrder } from '#functions/use-cases/get-admin-order.ts'
import { presentOrderDetail } from '#functions/api/present-detail.ts'
import { orderRepository } from '#functions/compose.ts'

/** GET /api/admin/orders/{orderId}: any customer's order with updates, parts and payments. */
export const handler = defineRoute({}, async ({ params }) => {
  const detail = await getAdminOrder({ orders: await orderRepository(), orderId: params.orderId })
  return { body: presentOrderDetail(detail) }
})
