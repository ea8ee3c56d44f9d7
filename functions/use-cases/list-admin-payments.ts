import { ADMIN_PAYMENTS_PAGE_SIZE } from '@gs/shared/payment-messages'
import type { AdminPaymentStats } from '@gs/shared/api-types'
import type { AdminPaymentsQuery } from '@gs/shared/schemas/admin-payments'
import { isCursorError } from '../db/cursor.ts'
import type { LedgerRepository } from '../db/repositories/ledger.ts'
import type { LedgerPages } from '../db/repositories/ledger-pages.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { ProfileRepository } from '../db/repositories/profiles.ts'
import { normalizeOrderNumber, type Payment } from '../domain/order.ts'
import { nameSortKey, normalizeText, TEXT_SEARCH_READ_BUDGET } from '../domain/search.ts'
import { ValidationError } from '../lib/errors.ts'

export interface AdminPaymentsPage {
  items: Payment[]
  /** Where the next page starts; null on the last page. */
  cursor: string | null
  /** Entries matching the filters, when known without reading them (no search, or an exact-id search); null for a text search. */
  total: number | null
  pageSize: number
  stats: AdminPaymentStats
}

interface Deps {
  ledger: Pick<LedgerPages, 'pageLedger' | 'entriesOfOrder' | 'ordersOfIntent' | 'stats'> & Pick<LedgerRepository, 'listForCustomer'>
  orders: Pick<OrderRepository, 'resolveOrderId' | 'findBySerial'>
  profiles: Pick<ProfileRepository, 'findByEmail'>
  query: AdminPaymentsQuery
  now?: () => Date
}

/** At most this many entries are read for an exact-id search (an order's, a customer's, a serial's orders'). */
export const EXACT_MATCH_LIMIT = 100
/** Orders one serial number can name in an exact search. */
const SERIAL_ORDER_LIMIT = 10
export { TEXT_SEARCH_READ_BUDGET }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CARD_ENTRY = /^pay_(pi_[A-Za-z0-9_]+)_([0-9a-f-]{36})$/i
const INTENT = /^pi_[A-Za-z0-9_]+$/

/**
 * The admin payments page at any ledger size: the stat cards from the ledger counters, and one page
 * of 15 through the index of the chosen sort and status. A search is first tried as an exact id
 * (order id or number, payment or intent id, email, serial: key lookups, each bounded); anything
 * else is a text search (customer name, make, model, description…) on the stored search attribute,
 * one bounded read per page.
 */
export async function listAdminPayments({ ledger, orders, profiles, query, now = () => new Date() }: Deps): Promise<AdminPaymentsPage> {
  const stats = await ledger.stats(now())
  const pageSize = ADMIN_PAYMENTS_PAGE_SIZE
  const { byStatus, ...cards } = stats
  const cursor = parseCursor(query.cursor)
  const search = query.search

  const exact = search && cursor?.kind !== 'ledger' ? await exactMatches(search, { ledger, orders, profiles }) : null
  if (exact) {
    const matching = sortEntries(exact.filter((p) => !query.status || p.paymentStatus === query.status), query)
    const start = cursor?.kind === 'offset' ? cursor.offset : 0
    const end = start + pageSize
    return { items: matching.slice(start, end), cursor: end < matching.length ? `o.${end}` : null, total: matching.length, pageSize, stats: cards }
  }
  if (cursor?.kind === 'offset') throw invalidCursor()

  try {
    const page = await ledger.pageLedger({
      sort: query.sort,
      direction: query.direction,
      status: query.status,
      limit: pageSize,
      cursor: cursor?.kind === 'ledger' ? cursor.value : null,
      text: search ? normalizeText(search) : undefined,
      readBudget: TEXT_SEARCH_READ_BUDGET,
    })
    const total = search ? null : query.status ? byStatus[query.status] : cards.count
    return { items: page.items, cursor: page.cursor ? `l.${page.cursor}` : null, total, pageSize, stats: cards }
  } catch (err) {
    if (cursor && isCursorError(err)) throw invalidCursor()
    throw err
  }
}

const invalidCursor = () => new ValidationError('Invalid cursor', { cursor: 'Invalid cursor' })

/** Our cursors: `o.<n>` an offset into an exact-id result, `l.<…>` the ledger index's own. */
function parseCursor(raw: string | undefined): { kind: 'offset'; offset: number } | { kind: 'ledger'; value: string } | null {
  if (!raw) return null
  if (raw.startsWith('l.') && raw.length > 2) return { kind: 'ledger', value: raw.slice(2) }
  const offset = raw.startsWith('o.') ? Number(raw.slice(2)) : NaN
  if (Number.isInteger(offset) && offset > 0 && offset <= EXACT_MATCH_LIMIT * SERIAL_ORDER_LIMIT) return { kind: 'offset', offset }
  throw invalidCursor()
}

/** The entries a search names exactly, or null when it names nothing (then it is a text search). */
async function exactMatches(term: string, d: Omit<Deps, 'query' | 'now'>): Promise<Payment[] | null> {
  const found = await lookUp(term, d)
  return found?.length ? found : null
}

async function lookUp(term: string, { ledger, orders, profiles }: Omit<Deps, 'query' | 'now'>): Promise<Payment[] | null> {
  const ofOrder = (orderId: string) => ledger.entriesOfOrder(orderId, EXACT_MATCH_LIMIT)
  const card = CARD_ENTRY.exec(term)
  if (card) return (await ofOrder(card[2].toLowerCase())).filter((p) => p.paymentId.toLowerCase() === term.toLowerCase())
  if (INTENT.test(term)) {
    const orderIds = await ledger.ordersOfIntent(term)
    if (!orderIds) return null
    const entries = await Promise.all(orderIds.map(ofOrder))
    return entries.flat().filter((p) => p.paymentIntentId === term)
  }
  if (UUID.test(term) || normalizeOrderNumber(term)) {
    const orderId = await orders.resolveOrderId(term)
    if (orderId) return ofOrder(orderId)
    if (UUID.test(term)) return null
  }
  if (term.includes('@')) {
    const profile = await profiles.findByEmail(term)
    return profile ? (await ledger.listForCustomer(profile.id, { limit: EXACT_MATCH_LIMIT })).items : null
  }
  // One word could be a serial number; a name or a phrase is a text search.
  if (!/\s/.test(term)) {
    const named = await orders.findBySerial(term, SERIAL_ORDER_LIMIT)
    if (named.length) return (await Promise.all(named.map((o) => ofOrder(o.orderId)))).flat()
  }
  return null
}

/** An exact-id result (at most a few hundred entries) in the page's order, as the indexes would give it. */
function sortEntries(entries: Payment[], q: Pick<AdminPaymentsQuery, 'sort' | 'direction'>): Payment[] {
  const dir = q.direction === 'asc' ? 1 : -1
  const byDate = (a: Payment, b: Payment) => cmp(a.paymentDate, b.paymentDate) || cmp(a.paymentId, b.paymentId)
  const compare =
    q.sort === 'amount'
      ? (a: Payment, b: Payment) => a.amountCents - b.amountCents || cmp(a.paymentId, b.paymentId)
      : q.sort === 'customer'
        ? (a: Payment, b: Payment) => cmp(nameSortKey(a.customerName), nameSortKey(b.customerName)) || byDate(a, b)
        : byDate
  return [...entries].sort((a, b) => dir * compare(a, b))
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
