import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerOrders } from '#functions/use-cases/list-customer-orders.ts'
import { presentOrder } from '../present.ts'
import { orderRepository } from '#functions/compose.ts'

/** GET /api/orders: the caller's own orders, newest first. */
export const handler = defineRoute({}, async ({ caller }) => {
  const orders = await listCustomerOrders({ orders: orderRepository(), userId: caller.userId })
  return { body: { items: orders.map(presentOrder), cursor: null } }
})
