import { addPartSchema } from '@gs/shared/schemas/admin-orders'
import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { addOrderPart } from '../../../use-cases/add-order-part.ts'
import { presentPart } from '../../orders/present.ts'

/** POST /api/admin/orders/{orderId}/parts → 201 Part; the order's invoice follows in the same transaction. */
export const handler = defineRoute({ body: addPartSchema }, async ({ caller, params, body }) => {
  const part = await addOrderPart({ orders: createOrderRepository(defaultTable()), orderId: params.orderId, input: body, adminId: caller.userId })
  return { statusCode: 201, body: presentPart(part) }
})
