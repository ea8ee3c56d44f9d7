import type * as Api from '@gs/shared/api-types'
import { inboxQuerySchema } from '@gs/shared/schemas/inbox'
import { defineRoute } from '#functions/lib/http.ts'
import { listInbox, type InboxListRow } from '#functions/use-cases/inbox.ts'
import { inboxRepository, orderRepository } from '#functions/compose.ts'

const presentRow = ({ entry, order }: InboxListRow): Api.InboxRow => ({
  orderId: order.orderId,
  orderNumber: order.orderNumber,
  firearmMake: order.firearmMake,
  firearmModel: order.firearmModel,
  customerName: order.customerName,
  excerpt: entry.excerpt,
  lastAt: entry.lastAt,
  since: entry.since,
  count: entry.count,
  assignedToName: order.assignedToName ?? null,
})

/** GET /api/admin/inbox?limit=&cursor= → InboxPage: the orders with a customer message waiting, oldest unanswered first, and their count. */
export const handler = defineRoute({ query: inboxQuerySchema }, async ({ query }) => {
  const [inbox, orders] = await Promise.all([inboxRepository(), orderRepository()])
  const page = await listInbox({ inbox, orders, query })
  const body: Api.InboxPage = { count: page.count, items: page.items.map(presentRow), cursor: page.cursor }
  return { body }
})
