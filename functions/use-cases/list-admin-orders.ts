import type { AdminOrdersQuery } from '@gs/shared/schemas/admin-order-list'
import { isCursorError } from '../db/cursor.ts'
import type { OrderLists } from '../db/repositories/order-lists.ts'
import type { OrderListState, OrderRepository } from '../db/repositories/orders.ts'
import type { ProfileRepository } from '../db/repositories/profiles.ts'
import { normalizeOrderNumber, type Order } from '../domain/order.ts'
import { normalizeText, TEXT_SEARCH_READ_BUDGET } from '../domain/search.ts'
import { ValidationError } from '../lib/errors.ts'

/** How a search was answered: exact keys (an order's number or id, a serial), an email's customer, or text. */
export type OrdersMatch = 'exact' | 'email' | 'text' | null

export interface AdminOrdersPage {
  items: Order[]
  /** Where the next page starts; null on the last page. No total: counting would mean reading every order. */
  cursor: string | null
  match: OrdersMatch
}

interface Deps {
  lists: Pick<OrderLists, 'pageOrders'>
  orders: Pick<OrderRepository, 'resolveOrderId' | 'getOrder' | 'findBySerial'>
  profiles: Pick<ProfileRepository, 'findByEmail'>
  /** A list of orders by state (the overdue list and the benches are use-cases/work-lists.ts: the route sends those there). */
  query: AdminOrdersQuery
}

/** Orders one serial number can name in an exact search. */
export const SERIAL_ORDER_LIMIT = 20
export { TEXT_SEARCH_READ_BUDGET }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Typed like a phone number: also matched as digits only (the order keeps a digits-only copy of the phone). */
const PHONE_LIKE = /^[\d\s().+-]+$/

/**
 * The admin order lists (Order Management Center, Archived Orders) at any size: one page through the
 * index of the chosen list, status and sort (a customer's orders through theirs, filtered on the list).
 * A search is first tried as exact keys (an order number or id, a serial number: key lookups, each
 * bounded; an email: that customer's orders, paged); anything else is a text search on the stored
 * search attribute, at most TEXT_SEARCH_READ_BUDGET orders read per page. Exact results honour the
 * list, status and customer filters.
 */
export async function listAdminOrders({ lists, orders, profiles, query }: Deps): Promise<AdminOrdersPage> {
  const cursor = parseCursor(query.cursor)
  const search = query.search
  let customerId = query.customerId
  let match: OrdersMatch = null

  if (search) {
    // An index cursor of a text search goes on without the lookups (they found nothing on the first page).
    const found = cursor?.kind === 'index' && !search.includes('@') ? null : await lookUp(search, { orders, profiles })
    if (found?.kind === 'orders') {
      const matching = sortOrders(found.orders.filter((o) => listStateOf(o) === query.view && (!query.status || o.currentStatus === query.status) && (!customerId || o.customerId === customerId)), query)
      if (cursor?.kind === 'index') throw invalidCursor()
      const start = cursor?.kind === 'offset' ? cursor.offset : 0
      const end = start + query.limit
      return { items: matching.slice(start, end), cursor: end < matching.length ? `o.${end}` : null, match: 'exact' }
    }
    if (found?.kind === 'customer') {
      // Another customer than the one filtered on: nothing can match both.
      if (customerId && customerId !== found.customerId) return { items: [], cursor: null, match: 'email' }
      customerId = found.customerId
      match = 'email'
    } else match = 'text'
  }
  if (cursor?.kind === 'offset') throw invalidCursor()

  try {
    const page = await lists.pageOrders({
      view: query.view as OrderListState,
      sort: query.sort,
      direction: query.direction,
      status: query.status,
      customerId,
      limit: query.limit,
      cursor: cursor?.kind === 'index' ? cursor.value : null,
      text: match === 'text' ? searchTerms(search) : undefined,
      // A customer's orders without a text search: one Query of `limit` (a page may come back short).
      readBudget: match === 'text' ? TEXT_SEARCH_READ_BUDGET : undefined,
    })
    return { items: page.items, cursor: page.cursor ? `i.${page.cursor}` : null, match }
  } catch (err) {
    // A cursor the index cannot use (tampered with, or another list's) is bad input, not a server error.
    if (cursor && isCursorError(err)) throw invalidCursor()
    throw err
  }
}

const invalidCursor = () => new ValidationError('Invalid cursor', { cursor: 'Invalid cursor' })

/** Our cursors: `o.<n>` an offset into an exact result, `i.<…>` the index's own. */
function parseCursor(raw: string | undefined): { kind: 'offset'; offset: number } | { kind: 'index'; value: string } | null {
  if (!raw) return null
  if (raw.startsWith('i.') && raw.length > 2) return { kind: 'index', value: raw.slice(2) }
  const offset = raw.startsWith('o.') ? Number(raw.slice(2)) : NaN
  if (Number.isInteger(offset) && offset > 0 && offset < SERIAL_ORDER_LIMIT) return { kind: 'offset', offset }
  throw invalidCursor()
}

/** The text a search matches: normalized, and as digits only when it is typed like a phone number. */
export function searchTerms(search: string): string[] {
  const text = normalizeText(search)
  const digits = PHONE_LIKE.test(search) ? search.replace(/\D/g, '') : ''
  return [...new Set([text, digits.length >= 3 ? digits : ''])].filter(Boolean)
}

type Found = { kind: 'orders'; orders: Order[] } | { kind: 'customer'; customerId: string } | null

/** What a search names exactly, or null when it names nothing (then it is a text search). */
async function lookUp(term: string, { orders, profiles }: Pick<Deps, 'orders' | 'profiles'>): Promise<Found> {
  if (UUID.test(term) || normalizeOrderNumber(term)) {
    const orderId = await orders.resolveOrderId(term)
    const order = orderId ? await orders.getOrder(orderId) : null
    if (order) return { kind: 'orders', orders: [order] }
  }
  if (term.includes('@')) {
    const profile = await profiles.findByEmail(term)
    return profile ? { kind: 'customer', customerId: profile.id } : null
  }
  // One word could be a serial number; a name or a phrase is a text search.
  if (!/\s/.test(term)) {
    const named = await orders.findBySerial(term, SERIAL_ORDER_LIMIT)
    if (named.length) return { kind: 'orders', orders: named }
  }
  return null
}

const listStateOf = (o: Order) => (o.isDeleted ? 'deleted' : o.isArchived ? 'archived' : 'active')

/** An exact result (a few orders) in the page's order, as the indexes would give it. */
function sortOrders(list: Order[], q: Pick<AdminOrdersQuery, 'sort' | 'direction'>): Order[] {
  const dir = q.direction === 'asc' ? 1 : -1
  const key = (o: Order) => (q.sort === 'updated' ? o.updatedAt : o.createdAt)
  return [...list].sort((a, b) => dir * (cmp(key(a), key(b)) || cmp(a.orderId, b.orderId)))
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
