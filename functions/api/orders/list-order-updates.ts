import type * as Api from '@gs/shared/api-types'
import { orderUpdatesQuerySchema } from '@gs/shared/schemas/orders'
import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerOrderUpdates } from '#functions/use-cases/list-customer-orders.ts'
import { presentUpdate } from '../present.ts'
import { orderHistoryRepository, orderRepository } from '#functions/compose.ts'

/** GET /api/orders/{orderId}/updates?limit=&cursor=: a page of the status history and notes, newest first. */
export const handler = defineRoute({ query: orderUpdatesQuerySchema }, async ({ caller, params, query }) => {
  const page = await listCustomerOrderUpdates({ orders: await orderRepository(), history: await orderHistoryRepository(), orderId: params.orderId, userId: caller.userId, limit: query.limit, cursor: query.cursor })
  const body: Api.Page<Api.StatusUpdate> = { items: page.items.map(presentUpdate), cursor: page.cursor }
  return { body }
})
