import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { setOrderArchived } from '../../../use-cases/set-order-archived.ts'
import { presentOrder } from '../../orders/present.ts'

/** POST /api/admin/orders/{orderId}/unarchive → 200 Order (unarchive: back to the active list). */
export const handler = defineRoute({}, async ({ params }) => {
  const order = await setOrderArchived({ orders: createOrderRepository(defaultTable()), orderId: params.orderId, archived: false })
  return { body: presentOrder(order) }
})
