import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { removeOrderLine } from '../../../use-cases/remove-order-line.ts'
import { presentOrder } from '../../orders/present.ts'

/** DELETE /api/admin/orders/{orderId}/lines/{lineId} → Order; a line awaiting the customer's answer is a 409. */
export const handler = defineRoute({}, async ({ params }) => {
  const order = await removeOrderLine({ orders: createOrderRepository(defaultTable()), orderId: params.orderId, lineId: params.lineId })
  return { body: presentOrder(order) }
})
