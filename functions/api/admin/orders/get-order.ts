import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { getAdminOrder } from '../../../use-cases/get-admin-order.ts'
import { presentOrderDetail } from '../../orders/present.ts'

/** GET /api/admin/orders/{orderId}: any customer's order with updates, parts and payments. */
export const handler = defineRoute({}, async ({ params }) => {
  const detail = await getAdminOrder({ orders: createOrderRepository(defaultTable()), orderId: params.orderId })
  return { body: presentOrderDetail(detail) }
})
