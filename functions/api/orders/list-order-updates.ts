import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerOrderUpdates } from '#functions/use-cases/list-customer-orders.ts'
import { presentUpdate } from '../present.ts'
import { orderRepository } from '#functions/compose.ts'

/** GET /api/orders/{orderId}/updates: status history and notes, newest first. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const updates = await listCustomerOrderUpdates({ orders: orderRepository(), orderId: params.orderId, userId: caller.userId })
  return { body: { items: updates.map(presentUpdate), cursor: null } }
})
