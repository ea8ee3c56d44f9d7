import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { listOrderParts } from '../../../use-cases/list-order-parts.ts'
import { presentPart } from '../../orders/present.ts'

/** GET /api/admin/orders/{orderId}/parts → { items: Part[] }, newest first. */
export const handler = defineRoute({}, async ({ params }) => {
  const parts = await listOrderParts({ orders: createOrderRepository(defaultTable()), orderId: params.orderId })
  return { body: { items: parts.map(presentPart) } }
})
