import { invoiceQuerySchema } from '@gs/shared/schemas/orders'
import { defineRoute } from '#functions/lib/http.ts'
import { loadOwnedOrder } from '#functions/use-cases/get-customer-order.ts'
import { presentInvoice } from '../present.ts'
import { orderRepository } from '#functions/compose.ts'

/** GET /api/orders/{orderId}/invoice?shipping=true|false: the invoice preview with that shipping choice. */
export const handler = defineRoute({ query: invoiceQuerySchema }, async ({ caller, params, query }) => {
  const order = await loadOwnedOrder({ orders: await orderRepository(), orderId: params.orderId, userId: caller.userId })
  return { body: presentInvoice(order, query.shipping ?? order.shippingSelected) }
})
