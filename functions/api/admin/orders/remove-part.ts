import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { removeOrderPart } from '../../../use-cases/remove-order-part.ts'
import { presentOrder } from '../../orders/present.ts'

/** DELETE /api/admin/orders/{orderId}/parts/{partId} → 200 Order with its updated invoice. */
export const handler = defineRoute({}, async ({ params }) => {
  const order = await removeOrderPart({ orders: createOrderRepository(defaultTable()), orderId: params.orderId, partId: params.partId })
  return { body: presentOrder(order) }
})
