import type * as Api from '@gs/shared/api-types'
import { orderUpdatesQuerySchema } from '@gs/shared/schemas/orders'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminOrderUpdates } from '#functions/use-cases/get-admin-order.ts'
import { presentUpdate } from '#functions/api/present.ts'
import { orderHistoryRepository, orderRepository } from '#functions/compose.ts'

/** GET /api/admin/orders/{orderId}/updates?limit=&cursor=: a page of any order's status history, newest first (the editor's "Load older"). */
export const handler = defineRoute({ query: orderUpdatesQuerySchema }, async ({ params, query }) => {
  const page = await listAdminOrderUpdates({ orders: await orderRepository(), history: await orderHistoryRepository(), orderId: params.orderId, limit: query.limit, cursor: query.cursor })
  const body: Api.Page<Api.StatusUpdate> = { items: page.items.map(presentUpdate), cursor: page.cursor }
  return { body }
})
