import { defineRoute } from '../../lib/http.ts'
import { listCustomerOrderUpdates } from '../../use-cases/list-customer-orders.ts'
import { presentUpdate } from './present.ts'
import { orderRepository } from '../../compose.ts'

/** GET /api/orders/{orderId}/updates: status history and notes, newest first. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const updates = await listCustomerOrderUpdates({ orders: orderRepository(), orderId: params.orderId, userId: caller.userId })
  return { body: { items: updates.map(presentUpdate), cursor: null } }
})
