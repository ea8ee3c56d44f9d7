import type * as Api from '@gs/shared/api-types'
import { customerOrdersQuerySchema } from '@gs/shared/schemas/orders'
import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerOrders } from '#functions/use-cases/list-customer-orders.ts'
import { presentOrder } from '../present.ts'
import { orderHistoryRepository } from '#functions/compose.ts'

/** GET /api/orders?limit=&cursor=&search=: a page of the caller's own orders, newest first (those matching the search). */
export const handler = defineRoute({ query: customerOrdersQuerySchema }, async ({ caller, query }) => {
  const page = await listCustomerOrders({ orders: await orderHistoryRepository(), userId: caller.userId, limit: query.limit, cursor: query.cursor, search: query.search })
  const body: Api.Page<Api.Order> = { items: page.items.map((o) => ({ ...presentOrder(o), assignedTo: null, assignedToName: null, boxReceivedAt: null, intakeDueAt: null })), cursor: page.cursor }
  return { body }
})
