import { invoiceQuerySchema } from '@gs/shared/schemas/orders'
import { createOrderRepository } from '../../db/repositories/orders.ts'
import { defaultTable } from '../../db/table.ts'
import { defineRoute } from '../../lib/http.ts'
import { loadOwnedOrder } from '../../use-cases/get-customer-order.ts'
import { presentInvoice } from './present.ts'

/** GET /api/orders/{orderId}/invoice?shipping=true|false: the invoice preview with that shipping choice. */
export const handler = defineRoute({ query: invoiceQuerySchema }, async ({ caller, params, query }) => {
  const order = await loadOwnedOrder({ orders: createOrderRepository(defaultTable()), orderId: params.orderId, userId: caller.userId })
  return { body: presentInvoice(order, query.shipping ?? order.shippingSelected) }
})
