import { adminOrdersQuerySchema } from '@gs/shared/schemas/admin-order-list'
import type { AdminOrdersPage } from '@gs/shared/api-types'
import { createOrderLists } from '#functions/db/repositories/order-lists.ts'
import { createOrderRepository } from '#functions/db/repositories/orders.ts'
import { createProfileRepository } from '#functions/db/repositories/profiles.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminOrders } from '#functions/use-cases/list-admin-orders.ts'
import { presentAdminListOrder } from '#functions/api/present.ts'

/**
 * GET /api/admin/orders?view=active|archived|deleted&status=&customerId=&sort=created|updated&direction=desc|asc&search=&limit=&cursor=
 * → one page (default 25, newest first) with each order's invoice balance and status (and, deleted ones, `deletedAt`), and the next cursor.
 */
export const handler = defineRoute({ query: adminOrdersQuerySchema }, async ({ query }) => {
  const table = defaultTable()
  // Reads only: the orders repository's write hooks (cancel checkouts at the provider) are not needed here.
  const page = await listAdminOrders({ lists: createOrderLists(table), orders: createOrderRepository(table), profiles: createProfileRepository(table), query })
  const body: AdminOrdersPage = {
    items: page.items.map((o) => (o.isDeleted ? { ...presentAdminListOrder(o), deletedAt: o.deletedAt ?? null } : presentAdminListOrder(o))),
    cursor: page.cursor,
    match: page.match,
  }
  return { body }
})
