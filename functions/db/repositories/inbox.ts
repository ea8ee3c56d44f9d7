import type { AuditEvent } from '#functions/domain/audit.ts'
import type { Order, StatusUpdate } from '#functions/domain/order.ts'
import { ORDER_STATUSES } from '@gs/shared/statuses'
import { createConversions } from 'electrodb'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { ownStartKey } from '../cursor.ts'
import { counterEntity } from '../entities/counter.ts'
import { inboxItemEntity } from '../entities/inbox-item.ts'
import { createService, type GunsmithService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { auditWrites, resolveAudit } from './audit.ts'

type TxEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]

/** The counter item holding how many orders wait on the inbox (orders, not messages: each row's `count` says how many). */
export const INBOX_COUNTER = 'inboxWaiting'
/** How much of the latest message an inbox row keeps. */
export const INBOX_EXCERPT_LENGTH = 160

/**
 * Whether a history entry answers the customer: a staff status update or message the customer sees. Internal notes,
 * event entries (payments, intake, release…) and the customer's own notes do not.
 */
export const answersCustomer = (u: Pick<StatusUpdate, 'status' | 'isCustomerNote' | 'internal'>): boolean =>
  !u.isCustomerNote && u.internal !== true && (ORDER_STATUSES as readonly string[]).includes(u.status)

/**
 * What an order write does to the inbox (orders.ts commit): `before` is the order's `inboxSince` as read (the write is
 * conditioned on it, so a note arriving meanwhile is never overwritten), `after` what it stores: removed when the
 * write answers the customer (a visible staff entry on the order), deletes or archives the order.
 */
export function inboxOfWrite(order: Pick<Order, 'orderId' | 'inboxSince' | 'isDeleted' | 'isArchived'>, created: boolean, updates: readonly StatusUpdate[] = []): { before: string | undefined; after: string | undefined } {
  const before = created ? undefined : order.inboxSince
  if (!before) return { before, after: undefined }
  const clears = order.isDeleted || order.isArchived || updates.some((u) => u.orderId === order.orderId && answersCustomer(u))
  return { before, after: clears ? undefined : before }
}

/** The inbox items of an order commit: each order taken off loses its item, and the count goes down by as many. */
export function inboxCommitItems(entities: Pick<TxEntities, 'inboxItem' | 'counter'>, writes: readonly { orderId: string; inbox: { before: string | undefined; after: string | undefined } }[]): unknown[] {
  const cleared = writes.filter(({ inbox }) => inbox.before && !inbox.after)
  if (!cleared.length) return []
  return [
    ...cleared.map(({ orderId, inbox }) => entities.inboxItem.delete({ inboxList: 'waiting', since: inbox.before!, orderId }).commit()),
    entities.counter.update({ name: INBOX_COUNTER }).add({ value: -cleared.length }).commit(),
  ]
}

/**
 * The inbox items of a customer's note (in the note's transaction): the order's first unanswered message puts the
 * order on the inbox (its `inboxSince`, conditioned on none being there, the item, the count up by one); a later one
 * bumps the item's message count and latest excerpt, conditioned on the order still waiting since the same time.
 * A failed condition means the order was answered or noted meanwhile: the caller reads the order again and retries.
 */
export function customerNoteInboxItems(entities: Pick<TxEntities, 'inboxItem' | 'counter' | 'order'>, order: Pick<Order, 'orderId' | 'inboxSince'>, note: { at: string; text: string }): unknown[] {
  const excerpt = excerptOf(note.text)
  const { orderId } = order
  if (order.inboxSince) {
    return [
      entities.order
        .check({ orderId })
        .where(({ inboxSince }, { eq }) => eq(inboxSince, order.inboxSince!))
        .commit(),
      entities.inboxItem
        .update({ inboxList: 'waiting', since: order.inboxSince, orderId })
        .add({ count: 1 })
        .set({ lastAt: note.at, excerpt })
        .where(({ orderId: id }, { exists }) => exists(id))
        .commit(),
    ]
  }
  return [
    entities.order
      .patch({ orderId })
      .set({ inboxSince: note.at })
      .where(({ inboxSince }, { notExists }) => notExists(inboxSince))
      .commit(),
    entities.inboxItem.put({ inboxList: 'waiting', since: note.at, orderId, count: 1, lastAt: note.at, excerpt }).commit(),
    entities.counter.update({ name: INBOX_COUNTER }).add({ value: 1 }).commit(),
  ]
}

/** The first words of a message, on one line. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > INBOX_EXCERPT_LENGTH ? `${line.slice(0, INBOX_EXCERPT_LENGTH - 1)}…` : line
}

export interface InboxEntry {
  orderId: string
  since: string
  count: number
  lastAt: string
  excerpt: string
}

export interface InboxPage {
  /** The orders waiting, the oldest unanswered message first. */
  items: InboxEntry[]
  cursor: string | null
}

/** The inbox: a page (one Query), its count (one GetItem), and "Mark handled". */
export interface InboxRepository {
  page(q: { limit: number; cursor: string | null }): Promise<InboxPage>
  count(): Promise<number>
  /**
   * Takes the order off the inbox as it was read (`since`: its inboxSince) with its audit records, in one transaction:
   * the order's inboxSince removed (its version left alone: an open edit stays valid), the item deleted, the count
   * down by one. False, and nothing written, when the order no longer waits since then (answered or handled meanwhile).
   */
  markHandled(orderId: string, since: string, audit: readonly AuditEvent[]): Promise<boolean>
}

export function createInboxRepository(config: TableConfig): InboxRepository {
  const service = createService(config)
  const [items, counter] = [inboxItemEntity(config), counterEntity(config)]
  // The list's partition and its items' key prefix: a cursor naming any other key is refused before DynamoDB sees it.
  const { pk, sk } = createConversions(items).fromComposite.toKeys({ inboxList: 'waiting', since: '', orderId: '' }) as { pk: string; sk: string }
  const own = { pk, sk: sk.slice(0, sk.indexOf('#') + 1) }
  return {
    async page({ limit, cursor }) {
      if (cursor) ownStartKey(cursor, own)
      const res = await items.query.bySince({ inboxList: 'waiting' }).go({ order: 'asc', limit, cursor })
      return {
        items: res.data.map((i) => ({ orderId: i.orderId, since: i.since, count: i.count ?? 1, lastAt: i.lastAt, excerpt: i.excerpt ?? '' })),
        cursor: res.cursor ?? null,
      }
    },
    async count() {
      const { data } = await counter.get({ name: INBOX_COUNTER }).go()
      return Math.max(0, data?.value ?? 0)
    },
    async markHandled(orderId, since, audit) {
      const events = await resolveAudit(audit)
      const result = await service.transaction
        .write((entities) => [
          entities.order
            .patch({ orderId })
            .remove(['inboxSince'])
            .where(({ inboxSince }, { eq }) => eq(inboxSince, since))
            .commit(),
          entities.inboxItem.delete({ inboxList: 'waiting', since, orderId }).commit(),
          entities.counter.update({ name: INBOX_COUNTER }).add({ value: -1 }).commit(),
          ...auditWrites(entities, events),
        ] as never)
        .go()
      if (!result.canceled) return true
      const codes = cancellationCodes(result.data)
      if (codes[0] === CONDITION_FAILED) return false
      if (codes.includes(TRANSACTION_CONFLICT)) throw new ContendedTransaction(codes)
      throw new Error(`Inbox transaction cancelled: ${JSON.stringify(codes)}`)
    },
  }
}
