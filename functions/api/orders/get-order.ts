import { defineRoute } from '#functions/lib/http.ts'
import { getCustomerOrder } from '#functions/use-cases/get-customer-order.ts'
import { presentOrderDetail } from '../present-detail.ts'
import { orderRepository } from '#functions/compose.ts'

/** GET /api/orders/{orderId}: the caller's order with updates, parts and payments; anyone else's is a 404. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const detail = await getCustomerOrder({ orders: await orderRepository(), orderId: params.orderId, userId: caller.userId })
  // Who works on it is the shop's business: the customer reads the estimated completion, not the assignee.
  return { body: { ...presentOrderDetail(detail), assignedTo: null, assignedToName: null, boxReceivedAt: null, intakeDueAt: null } }
})
