import type { InboxQuery } from '@gs/shared/schemas/inbox'
import { INVALID_CURSOR } from '@gs/shared/schemas/paging'
import { orderMessages } from '@gs/shared/order-messages'
import { isCursorError } from '../db/cursor.ts'
import type { InboxEntry, InboxRepository } from '../db/repositories/inbox.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { auditEvent, type Actor } from '../domain/audit.ts'
import type { Order } from '../domain/order.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'

/** Cursors of this list name it (`i.<ElectroDB's>`): another list's is refused, never misread. */
const LIST = 'i'
const invalidCursor = () => new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface InboxListRow {
  entry: InboxEntry
  order: Order
}

/**
 * The staff Inbox (docs/business-rules.md, "The inbox"): the orders with a customer message no one has answered, the
 * oldest unanswered message first, `limit` a page, and how many orders wait. Bounded whatever the table holds: one
 * Query of the inbox's items, one BatchGet of their orders (read strongly: an answer a moment ago is not listed) and
 * one GetItem of the count. An item whose order no longer waits since that time (answered meanwhile) is left out.
 */
export async function listInbox({ inbox, orders, query }: { inbox: Pick<InboxRepository, 'page' | 'count'>; orders: Pick<OrderRepository, 'getOrders'>; query: InboxQuery }): Promise<{ count: number; items: InboxListRow[]; cursor: string | null }> {
  let inner: string | null = null
  if (query.cursor) {
    if (!query.cursor.startsWith(`${LIST}.`) || query.cursor.length <= LIST.length + 1) throw invalidCursor()
    inner = query.cursor.slice(LIST.length + 1)
  }
  const [page, count] = await Promise.all([
    inbox.page({ limit: query.limit, cursor: inner }).catch((err: unknown) => {
      throw inner && isCursorError(err) ? invalidCursor() : err
    }),
    inbox.count(),
  ])
  const byId = new Map((await orders.getOrders(page.items.map((e) => e.orderId), { consistent: true })).map((o) => [o.orderId, o]))
  const items = page.items.flatMap((entry) => {
    const order = byId.get(entry.orderId)
    return order && order.inboxSince === entry.since && !order.isDeleted ? [{ entry, order }] : []
  })
  return { count, items, cursor: page.cursor ? `${LIST}.${page.cursor}` : null }
}

/**
 * "Mark handled": takes the order off the Inbox without a reply, with its audit record. Idempotent: an order not on
 * the Inbox (answered or handled already) answers handled: false and changes nothing. 404 for an unknown order.
 */
export async function markInboxHandled({ inbox, orders, orderId, actor, now = new Date() }: { inbox: Pick<InboxRepository, 'markHandled' | 'count'>; orders: Pick<OrderRepository, 'getOrders'>; orderId: string; actor: Actor; now?: Date }): Promise<{ handled: boolean; count: number }> {
  if (!UUID.test(orderId)) throw new NotFoundError(orderMessages.orderNotFound)
  // Two reads at most: a reply or a note between the read and the write is read again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [order] = await orders.getOrders([orderId], { consistent: true })
    if (!order) throw new NotFoundError(orderMessages.orderNotFound)
    if (!order.inboxSince) return { handled: false, count: await inbox.count() }
    const audit = auditEvent({ actor, action: 'order.inbox_handled', summary: 'Marked the customer message handled', at: now.toISOString(), order, changes: [{ field: 'Customer message', before: 'Waiting', after: 'Handled' }] })
    if (await inbox.markHandled(orderId, order.inboxSince, [audit])) return { handled: true, count: await inbox.count() }
  }
  return { handled: false, count: await inbox.count() }
}
