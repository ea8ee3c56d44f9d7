import { defineRoute } from '../../../lib/http.ts'
import { setOrderArchived } from '../../../use-cases/set-order-archived.ts'
import { presentOrder } from '../../orders/present.ts'
import { orderRepository } from '../../../compose.ts'

/** POST /api/admin/orders/{orderId}/archive → 200 Order (archive: off the active list, onto the archived one). */
export const handler = defineRoute({}, async ({ params }) => {
  const order = await setOrderArchived({ orders: orderRepository(), orderId: params.orderId, archived: true })
  return { body: presentOrder(order) }
})
