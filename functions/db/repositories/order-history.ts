import { createConversions } from 'electrodb'
import type { Order, StatusUpdate } from '#functions/domain/order.ts'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import { decodeCursor, InvalidCursorError } from '../cursor.ts'
import { filteredPage } from '../filtered-pages.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { newestUpdateFirst, toOrder, updatesCursor, type Page } from './orders.ts'

/**
 * What the routes that page an order's history or a customer's orders, and the customer's note, need
 * beyond OrderRepository. Apart from it so that only those routes load this code (a Lambda loads the
 * shared stack and one route at a cold start: infra/constructs/lambda-bundle.ts).
 */
export interface OrderHistoryRepository {
  /** The order's updates older than `cursor` (one that this order's updates gave out), newest first: one Query. InvalidCursorError for any other cursor. */
  listOrderUpdates(orderId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<StatusUpdate>>
  /**
   * A page of the customer's undeleted orders, newest first: one Query of gsi1. InvalidCursorError for a cursor that is not of their list.
   * With `search`, only the orders whose stored search text contains one of `search.text` or whose serial key contains
   * `search.serial`: one Query of at most `search.readBudget` items (filtered-pages.ts), a page may come back short with a cursor.
   */
  pageOrdersForCustomer(customerId: string, opts: { limit: number; cursor?: string | null; search?: CustomerOrderSearch }): Promise<Page<Order>>
  /**
   * A customer's note, with their limits in the same transaction: the order's note counter stays under
   * `perOrder`, theirs of the note's hour (UTC) under `perHour`. The order item (and its version) is not
   * touched, so an admin's open edit stays valid. NoteLimitReached, and nothing written, when one is reached.
   */
  addCustomerNote(note: StatusUpdate, limits: NoteLimits, more?: (entities: TxEntities) => unknown[]): Promise<StatusUpdate>
}

type TxEntities = Parameters<Parameters<ReturnType<typeof createService>['transaction']['write']>[0]>[0]

/** An item of `more` (the staff inbox's, conditioned on the order as the caller read it) was refused: read the order again and retry. */
export class NoteItemsMoved extends Error {
  constructor() {
    super('The order changed under the customer note')
    this.name = 'NoteItemsMoved'
  }
}

/** What a customer's order search matches (use-cases/list-customer-orders.ts makes it from what they typed). */
export interface CustomerOrderSearch {
  /** Normalized text (domain/search.ts), any of which the order's search text contains. */
  text: string[]
  /** The search as a serial key (serials typed with other dashes or spaces); '' for none. */
  serial: string
  /** Items the one Query reads at most. */
  readBudget: number
}

export interface NoteLimits {
  perOrder: number
  perHour: number
}

/** A customer's note was refused: the order's notes (`order`) or theirs of this hour (`hour`) are used up. */
export class NoteLimitReached extends Error {
  constructor(readonly limit: 'order' | 'hour') {
    super(`Customer note limit reached: ${limit}`)
    this.name = 'NoteLimitReached'
  }
}

/** The counter items of the note limits: one per order (kept with it), one per customer and hour (expires after it). */
const orderNotesCounter = (orderId: string) => `orderNotes#${orderId}`
const hourlyNotesCounter = (userId: string, hour: string) => `notes#${userId}#${hour}`
/** How long an hour's counter is kept once its hour has begun: its hour, and one more for clocks that differ. */
const HOURLY_COUNTER_TTL_SECONDS = 2 * 60 * 60

export function createOrderHistoryRepository({ table, client }: TableConfig): OrderHistoryRepository {
  const service = createService({ table, client })
  const { order, statusUpdate } = service.entities
  // Cursors are ElectroDB's; one that comes back is checked to be of the list asked for and re-made
  // from its key attributes before it reaches DynamoDB (a foreign or tampered one is InvalidCursorError).
  const updateKeys = createConversions(statusUpdate)
  const customerOrderKeys = createConversions(order).byAccessPattern.byCustomer

  function updatesStart(orderId: string, cursor: string): string {
    const key = decodeCursor(cursor)
    try {
      const at = key ? updateKeys.fromKeys.toComposite(key) : null
      if (at?.updateId && at.orderId?.toLowerCase() === orderId.toLowerCase()) return updatesCursor(service, { orderId, updateId: at.updateId })
    } catch {
      // not the key of an update
    }
    throw new InvalidCursorError()
  }

  function customerOrdersStart(customerId: string, cursor: string): string {
    try {
      const at = customerOrderKeys.fromKeys.toComposite(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
      if (at.orderId && at.createdAt && at.customerId?.toLowerCase() === customerId.toLowerCase()) {
        return customerOrderKeys.fromComposite.toCursor({ customerId, createdAt: at.createdAt, orderId: at.orderId })
      }
    } catch {
      // not the key of an order in a customer's list
    }
    throw new InvalidCursorError()
  }

  return {
    async listOrderUpdates(orderId, { limit, cursor = null }) {
      const start = cursor ? updatesStart(orderId, cursor) : null
      // One more than asked tells whether there is an older page, without a second read.
      const { data } = await statusUpdate.query.byOrder({ orderId }).go({ order: 'desc', limit: limit + 1, cursor: start })
      const page = (data as StatusUpdate[]).slice(0, limit)
      return { cursor: data.length > limit ? updatesCursor(service, page[limit - 1]) : null, items: page.sort(newestUpdateFirst) }
    },

    async pageOrdersForCustomer(customerId, { limit, cursor = null, search }) {
      const start = cursor ? customerOrdersStart(customerId, cursor) : null
      if (search) {
        const text = search.text.filter(Boolean)
        const page = await filteredPage(
          async (read, from) => {
            const res = await order.query
              .byCustomer({ customerId })
              .where(({ isDeleted, searchText, serialKey }, { ne, contains }) => {
                const matches = [...text.map((t) => contains(searchText, t)), ...(search.serial ? [contains(serialKey, search.serial)] : [])]
                return `${ne(isDeleted, true)} AND (${matches.join(' OR ')})`
              })
              .go({ order: 'desc', limit: read, cursor: from })
            return { data: res.data, cursor: res.cursor ?? null }
          },
          {
            limit,
            cursor: start,
            readBudget: search.readBudget,
            cursorAfter: (i) => customerOrderKeys.fromComposite.toCursor({ customerId: i.customerId, createdAt: i.createdAt, orderId: i.orderId }),
          },
        )
        return { items: page.items.map((i) => toOrder(i)), cursor: page.cursor }
      }
      // Deleted orders stay in the index and are filtered out after DynamoDB applies the Limit: reading up to twice
      // the page (plus one) keeps a page full unless more deleted orders than a page sit in it, in one bounded read.
      const res = await order.query
        .byCustomer({ customerId })
        .where(({ isDeleted }, { ne }) => ne(isDeleted, true))
        .go({ order: 'desc', limit: limit * 2 + 1, cursor: start })
      if (res.data.length <= limit) return { items: res.data.map((i) => toOrder(i)), cursor: res.cursor ?? null }
      const page = res.data.slice(0, limit)
      const last = page[limit - 1]
      return { items: page.map((i) => toOrder(i)), cursor: customerOrderKeys.fromComposite.toCursor({ customerId: last.customerId, createdAt: last.createdAt, orderId: last.orderId }) }
    },

    async addCustomerNote(note, { perOrder, perHour }, more) {
      const hour = note.createdAt.slice(0, 13) // yyyy-mm-ddThh, UTC
      const ttl = Math.floor(Date.parse(`${hour}:00:00.000Z`) / 1000) + HOURLY_COUNTER_TTL_SECONDS
      // Two notes of one customer at the same moment meet on their counters: the same write again (the limits still hold).
      return retryOnConflict(async () => {
        const result = await service.transaction
          .write((entities) => [
            entities.statusUpdate.create(note).commit(),
            entities.counter
              .update({ name: orderNotesCounter(note.orderId) })
              .add({ value: 1 })
              .where(({ value }, { lt, notExists }) => `${notExists(value)} OR ${lt(value, perOrder)}`)
              .commit(),
            entities.counter
              .update({ name: hourlyNotesCounter(note.createdBy, hour) })
              .add({ value: 1 })
              .set({ ttl })
              .where(({ value }, { lt, notExists }) => `${notExists(value)} OR ${lt(value, perHour)}`)
              .commit(),
            ...(more?.(entities) ?? []),
          ] as never)
          .go()
        if (!result.canceled) return note
        const codes = cancellationCodes(result.data)
        if (codes[1] === CONDITION_FAILED) throw new NoteLimitReached('order')
        if (codes[2] === CONDITION_FAILED) throw new NoteLimitReached('hour')
        if (codes.slice(3).includes(CONDITION_FAILED)) throw new NoteItemsMoved()
        if (codes.includes(TRANSACTION_CONFLICT)) throw new ContendedTransaction(codes)
        throw new Error(`Note transaction cancelled: ${JSON.stringify(codes)}`)
      })
    },
  }
}
