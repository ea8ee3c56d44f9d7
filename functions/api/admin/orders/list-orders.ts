import { adminOrdersQuerySchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminOrders } from '#functions/use-cases/list-admin-orders.ts'
import { presentAdminListOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** GET /api/admin/orders?view=active|archived&limit=&cursor= : newest first, with the invoice balance and status. */
export const handler = defineRoute({ query: adminOrdersQuerySchema }, async ({ query }) => {
  const page = await listAdminOrders({ orders: orderRepository(), view: query.view, limit: query.limit, cursor: query.cursor })
  return { body: { items: page.items.map(presentAdminListOrder), cursor: page.cursor } }
})
