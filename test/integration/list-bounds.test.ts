/**
 * Every list is bounded whatever the table holds: per list route, its page bound, the requests it may send and the
 * items each may read, measured at N and 3N items (docs/architecture.md, "What the quality suites rely on").
 */
import { randomUUID } from 'node:crypto'
import { ADMIN_ORDERS_MAX_PAGE_SIZE, ADMIN_ORDERS_PAGE_SIZE } from '@gs/shared/schemas/admin-order-list'
import { CUSTOMERS_PAGE_SIZE } from '@gs/shared/schemas/customers'
import { NOTIFICATIONS_PAGE_SIZE } from '@gs/shared/schemas/notifications'
import { ORDER_NOTIFICATIONS_PAGE_SIZE } from '@gs/shared/schemas/order-notifications'
import { ACTIVITY_PAGE_SIZE } from '@gs/shared/activity'
import { auditItem } from '../../functions/db/repositories/audit.ts'
import { auditEvent } from '../../functions/domain/audit.ts'
import { ORDER_NOTIFICATIONS_READ_BUDGET } from '../../functions/db/repositories/notification-delivery.ts'
import { DETAIL_LEDGER_LIMIT, ORDERS_PAGE_SIZE, UPDATES_PAGE_SIZE } from '@gs/shared/order-messages'
import { ADMIN_PAYMENTS_PAGE_SIZE, RECENT_ACTIVITY_DAYS } from '@gs/shared/payment-messages'
import { beforeAll, describe, expect, it } from 'vitest'
import { LEDGER_COUNTER_SHARDS } from '../../functions/db/entities/ledger-counter.ts'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { createOrderRepository, orderItem } from '../../functions/db/repositories/orders.ts'
import { profileEntity } from '../../functions/db/entities/profile.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { formatOrderNumber, newOrder, type Order, type Payment } from '../../functions/domain/order.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { TEXT_SEARCH_READ_BUDGET as ORDERS_TEXT_BUDGET } from '../../functions/use-cases/list-admin-orders.ts'
import { EXACT_MATCH_LIMIT, TEXT_SEARCH_READ_BUDGET as PAYMENTS_TEXT_BUDGET } from '../../functions/use-cases/list-admin-payments.ts'
import { TEXT_SEARCH_READ_BUDGET as CUSTOMERS_TEXT_BUDGET } from '../../functions/use-cases/list-customers.ts'
import { countCommands, useOwnTable } from './helpers.ts'
import { bookEntriesFor } from '../support/orders.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

// ---- the bounds, from the repository code ----

/** The order detail's head Query: the newest updates asked for, one more, DETAIL_HEAD_SLACK (20) and the order item (repositories/orders.ts readDetail). */
const detailHead = (wanted: number) => wanted + 1 + 20 + 1
/** The admin payments stat cards: one Query of the counters, every shard of the last RECENT_ACTIVITY_DAYS days and of the total (ledger-pages.ts). */
const STATS_READ = (RECENT_ACTIVITY_DAYS + 1) * LEDGER_COUNTER_SHARDS
/** A customer's orders: a page and as many again (deleted ones are filtered out after the Limit) and one (order-history.ts). */
const customerOrdersRead = (limit: number) => 2 * limit + 1
/** Notifications: one more than the page, and on the first page the unread-count item too (notifications.ts listPage). */
const NOTIFICATIONS_FIRST_READ = NOTIFICATIONS_PAGE_SIZE + 2
const NOTIFICATIONS_NEXT_READ = NOTIFICATIONS_PAGE_SIZE + 1
const CUSTOMER_PAYMENTS_PAGE_SIZE = 20 // shared/src/schemas/payments.ts listPaymentsQuerySchema default

/**
 * A text search's page (filtered-pages.ts): ONE Query of the index, filtered on the stored search
 * attribute, that reads at most the route's TEXT_SEARCH_READ_BUDGET items (DynamoDB's Limit counts items
 * read before the filter), whatever it matches; it keeps a page of the matches.
 */
const textSearch = (budget: number): PageBounds => ({ requests: 1, reads: [budget] })
/** The same after the admin payments page's stat cards. */
const paymentsTextSearch: PageBounds = { requests: 2, reads: [STATS_READ, PAYMENTS_TEXT_BUDGET] }

/** A page's (or an order detail's) requests and what each may read. */
interface PageBounds {
  /** Requests at most. */
  requests: number
  /** Items request i may read; the last bound holds for every later request. */
  reads: number[]
  /** Items all its requests may read together (default: the sum of the per-request bounds). */
  total?: number
}

interface Row {
  name: string
  route: string
  as: 'customer' | 'admin'
  params?: () => Record<string, string>
  query: Record<string, string>
  /** The lists of the answer, each with its bound: [what, items, at most]. */
  lists: (body: any) => Array<[string, number, number]>
  first: PageBounds
  /** The page the first page's cursor points to; absent: the route has no cursor (an order detail). */
  next?: PageBounds
  /** At 3N the first page is a full one (its first list holds exactly its bound) with a cursor: there is more than a page. */
  fullAt3N: boolean
}

const items = (max: number) => (body: any): Array<[string, number, number]> => [['items', body.items?.length ?? NaN, max]]
const detailLists = (body: any): Array<[string, number, number]> => [
  ['updates', body.updates?.length ?? NaN, UPDATES_PAGE_SIZE],
  ['payments', body.payments?.length ?? NaN, DETAIL_LEDGER_LIMIT],
]

/** An order detail: the head Query, then (a history or ledger longer than the head) the order item and a Query of ≤ 100 entries. */
const DETAIL: PageBounds = { requests: 3, reads: [detailHead(UPDATES_PAGE_SIZE), DETAIL_LEDGER_LIMIT], total: detailHead(UPDATES_PAGE_SIZE) + 1 + DETAIL_LEDGER_LIMIT }
/** A status history's first page: the detail's head Query (no ledger), then the order item when the head did not reach it. */
const UPDATES_FIRST: PageBounds = { requests: 2, reads: [detailHead(UPDATES_PAGE_SIZE), 1] }
/** An older page: the order item (ownership, not deleted), then one Query of a page and one (order-history.ts listOrderUpdates). */
const UPDATES_NEXT: PageBounds = { requests: 2, reads: [1, UPDATES_PAGE_SIZE + 1] }
const oneQuery = (read: number): PageBounds => ({ requests: 1, reads: [read] })

let customer: TestUser
let admin: TestUser
/** The customer's order with a long status history, and the one with a long ledger. */
let history: Order
let paid: Order

const rows: Row[] = [
  // -- the customer's routes --
  { name: 'customer orders', route: 'GET /api/orders', as: 'customer', query: {}, lists: items(ORDERS_PAGE_SIZE), first: oneQuery(customerOrdersRead(ORDERS_PAGE_SIZE)), next: oneQuery(customerOrdersRead(ORDERS_PAGE_SIZE)), fullAt3N: true },
  { name: 'customer orders, limit=100', route: 'GET /api/orders', as: 'customer', query: { limit: '100' }, lists: items(100), first: oneQuery(customerOrdersRead(100)), next: oneQuery(customerOrdersRead(100)), fullAt3N: true },
  { name: 'customer order history', route: 'GET /api/orders/{orderId}/updates', as: 'customer', params: () => ({ orderId: history.orderId }), query: {}, lists: items(UPDATES_PAGE_SIZE), first: UPDATES_FIRST, next: UPDATES_NEXT, fullAt3N: true },
  { name: 'customer order detail, long history', route: 'GET /api/orders/{orderId}', as: 'customer', params: () => ({ orderId: history.orderId }), query: {}, lists: detailLists, first: DETAIL, fullAt3N: true },
  { name: 'customer order detail, long ledger', route: 'GET /api/orders/{orderId}', as: 'customer', params: () => ({ orderId: paid.orderId }), query: {}, lists: (b) => detailLists(b).reverse(), first: DETAIL, fullAt3N: true },
  { name: 'notifications', route: 'GET /api/notifications', as: 'customer', query: {}, lists: items(NOTIFICATIONS_PAGE_SIZE), first: oneQuery(NOTIFICATIONS_FIRST_READ), next: { requests: 2, reads: [NOTIFICATIONS_NEXT_READ], total: NOTIFICATIONS_NEXT_READ + 1 }, fullAt3N: true },
  { name: 'customer payments', route: 'GET /api/payments', as: 'customer', query: {}, lists: items(CUSTOMER_PAYMENTS_PAGE_SIZE), first: oneQuery(CUSTOMER_PAYMENTS_PAGE_SIZE), next: oneQuery(CUSTOMER_PAYMENTS_PAGE_SIZE), fullAt3N: true },

  // -- the admin order lists --
  ...(['active', 'archived', 'deleted'] as const).map<Row>((view) => ({ name: `admin orders, view=${view}`, route: 'GET /api/admin/orders', as: 'admin', query: { view }, lists: items(ADMIN_ORDERS_PAGE_SIZE), first: oneQuery(ADMIN_ORDERS_PAGE_SIZE), next: oneQuery(ADMIN_ORDERS_PAGE_SIZE), fullAt3N: true })),
  { name: 'admin orders, limit=100', route: 'GET /api/admin/orders', as: 'admin', query: { view: 'active', limit: String(ADMIN_ORDERS_MAX_PAGE_SIZE) }, lists: items(ADMIN_ORDERS_MAX_PAGE_SIZE), first: oneQuery(ADMIN_ORDERS_MAX_PAGE_SIZE), next: oneQuery(ADMIN_ORDERS_MAX_PAGE_SIZE), fullAt3N: true },
  { name: 'admin orders, status=in_progress', route: 'GET /api/admin/orders', as: 'admin', query: { view: 'active', status: 'in_progress' }, lists: items(ADMIN_ORDERS_PAGE_SIZE), first: oneQuery(ADMIN_ORDERS_PAGE_SIZE), next: oneQuery(ADMIN_ORDERS_PAGE_SIZE), fullAt3N: true },
  { name: 'admin orders, archived by last update', route: 'GET /api/admin/orders', as: 'admin', query: { view: 'archived', sort: 'updated', direction: 'asc' }, lists: items(ADMIN_ORDERS_PAGE_SIZE), first: oneQuery(ADMIN_ORDERS_PAGE_SIZE), next: oneQuery(ADMIN_ORDERS_PAGE_SIZE), fullAt3N: true },
  // Text: every active order matches, then none does (the index is read up to the budget).
  { name: 'admin orders, search matching every order', route: 'GET /api/admin/orders', as: 'admin', query: { view: 'active', search: 'bea bounds' }, lists: items(ADMIN_ORDERS_PAGE_SIZE), first: textSearch(ORDERS_TEXT_BUDGET), next: textSearch(ORDERS_TEXT_BUDGET), fullAt3N: true },
  { name: 'admin orders, search matching nothing', route: 'GET /api/admin/orders', as: 'admin', query: { view: 'active', search: 'zeta nomatch' }, lists: items(ADMIN_ORDERS_PAGE_SIZE), first: textSearch(ORDERS_TEXT_BUDGET), next: textSearch(ORDERS_TEXT_BUDGET), fullAt3N: false },
  // An email: that customer (the email index, one item), then their orders of the list (gsi1 filtered on it: one Query of a page; a page may come back short).
  { name: 'admin orders, search by a customer email', route: 'GET /api/admin/orders', as: 'admin', query: { view: 'active', search: 'EMAIL' }, lists: items(ADMIN_ORDERS_PAGE_SIZE), first: { requests: 2, reads: [1, ADMIN_ORDERS_PAGE_SIZE] }, next: { requests: 2, reads: [1, ADMIN_ORDERS_PAGE_SIZE] }, fullAt3N: false },
  { name: 'admin order history', route: 'GET /api/admin/orders/{orderId}/updates', as: 'admin', params: () => ({ orderId: history.orderId }), query: {}, lists: items(UPDATES_PAGE_SIZE), first: UPDATES_FIRST, next: UPDATES_NEXT, fullAt3N: true },
  // Staff's view of an order's notifications: the order (its customer; 404 once deleted), then one Query of that customer's
  // notifications filtered on the order, reading at most ORDER_NOTIFICATIONS_READ_BUDGET (notification-delivery.ts).
  { name: 'admin order notifications', route: 'GET /api/admin/orders/{orderId}/notifications', as: 'admin', params: () => ({ orderId: history.orderId }), query: {}, lists: items(ORDER_NOTIFICATIONS_PAGE_SIZE), first: { requests: 2, reads: [1, ORDER_NOTIFICATIONS_READ_BUDGET] }, next: { requests: 2, reads: [1, ORDER_NOTIFICATIONS_READ_BUDGET] }, fullAt3N: true },
  { name: 'admin order detail, long history', route: 'GET /api/admin/orders/{orderId}', as: 'admin', params: () => ({ orderId: history.orderId }), query: {}, lists: detailLists, first: DETAIL, fullAt3N: true },
  { name: 'admin order detail, long ledger', route: 'GET /api/admin/orders/{orderId}', as: 'admin', params: () => ({ orderId: paid.orderId }), query: {}, lists: (b) => detailLists(b).reverse(), first: DETAIL, fullAt3N: true },

  // -- the staff audit log: one Query a page (one more record than the page tells whether there is a next) --
  { name: 'admin order activity', route: 'GET /api/admin/orders/{orderId}/activity', as: 'admin', params: () => ({ orderId: history.orderId }), query: {}, lists: items(ACTIVITY_PAGE_SIZE), first: oneQuery(ACTIVITY_PAGE_SIZE + 1), next: oneQuery(ACTIVITY_PAGE_SIZE + 1), fullAt3N: true },
  { name: 'admin customer activity', route: 'GET /api/admin/customers/{id}/activity', as: 'admin', params: () => ({ id: customer.userId }), query: {}, lists: items(ACTIVITY_PAGE_SIZE), first: oneQuery(ACTIVITY_PAGE_SIZE + 1), next: oneQuery(ACTIVITY_PAGE_SIZE + 1), fullAt3N: true },

  // -- the admin customer list --
  { name: 'admin customers', route: 'GET /api/admin/customers', as: 'admin', query: {}, lists: items(CUSTOMERS_PAGE_SIZE), first: oneQuery(CUSTOMERS_PAGE_SIZE), next: oneQuery(CUSTOMERS_PAGE_SIZE), fullAt3N: true },
  // The archived customers: their own index (gsi2, only archived profiles in it), one Query of a page.
  { name: 'admin customers, view=archived', route: 'GET /api/admin/customers', as: 'admin', query: { view: 'archived' }, lists: items(CUSTOMERS_PAGE_SIZE), first: oneQuery(CUSTOMERS_PAGE_SIZE), next: oneQuery(CUSTOMERS_PAGE_SIZE), fullAt3N: true },
  { name: 'admin customers, search matching every customer', route: 'GET /api/admin/customers', as: 'admin', query: { search: 'bounds' }, lists: items(CUSTOMERS_PAGE_SIZE), first: textSearch(CUSTOMERS_TEXT_BUDGET), next: textSearch(CUSTOMERS_TEXT_BUDGET), fullAt3N: true },
  { name: 'admin customers, search matching nothing', route: 'GET /api/admin/customers', as: 'admin', query: { search: 'zeta nomatch' }, lists: items(CUSTOMERS_PAGE_SIZE), first: textSearch(CUSTOMERS_TEXT_BUDGET), next: textSearch(CUSTOMERS_TEXT_BUDGET), fullAt3N: false },

  // -- the admin payments page: the stat cards (one Query of the counters), then the page --
  ...([
    ['admin payments', {}],
    ['admin payments, sort=amount', { sort: 'amount', direction: 'asc' }],
    ['admin payments, status=successful', { status: 'successful' }],
  ] as const).map<Row>(([name, query]) => ({
    name,
    route: 'GET /api/admin/payments',
    as: 'admin',
    query: { ...query },
    lists: items(ADMIN_PAYMENTS_PAGE_SIZE),
    first: { requests: 2, reads: [STATS_READ, ADMIN_PAYMENTS_PAGE_SIZE] },
    next: { requests: 2, reads: [STATS_READ, ADMIN_PAYMENTS_PAGE_SIZE] },
    fullAt3N: true,
  })),
  { name: 'admin payments, search matching every entry', route: 'GET /api/admin/payments', as: 'admin', query: { search: 'bea bounds' }, lists: items(ADMIN_PAYMENTS_PAGE_SIZE), first: paymentsTextSearch, next: paymentsTextSearch, fullAt3N: true },
  { name: 'admin payments, search matching nothing', route: 'GET /api/admin/payments', as: 'admin', query: { search: 'zeta nomatch' }, lists: items(ADMIN_PAYMENTS_PAGE_SIZE), first: paymentsTextSearch, next: paymentsTextSearch, fullAt3N: false },
  // An email is an exact search: the customer (one item), then at most EXACT_MATCH_LIMIT of their entries, paged by offset.
  {
    name: 'admin payments, search by a customer email',
    route: 'GET /api/admin/payments',
    as: 'admin',
    query: { search: 'EMAIL' },
    lists: items(ADMIN_PAYMENTS_PAGE_SIZE),
    first: { requests: 3, reads: [STATS_READ, 1, EXACT_MATCH_LIMIT] },
    next: { requests: 3, reads: [STATS_READ, 1, EXACT_MATCH_LIMIT] },
    fullAt3N: true,
  },
]

// ---- measuring ----

interface Request {
  command: string
  /** Items it read; undefined when the request failed. */
  items: number | undefined
}

interface Measured {
  status: number
  text: string
  body: any
  bytes: number
  requests: Request[]
}

let requests: Request[] = []

const routeOf = (key: string) => {
  const r = routes.find((x) => routeKey(x) === key)
  if (!r) throw new Error(`no route ${key}`)
  return r
}

async function measure(row: Row, cursor?: string): Promise<Measured> {
  // 'EMAIL' stands for the customer's email (known once they exist).
  const query = Object.fromEntries(Object.entries(row.query).map(([k, v]) => [k, v === 'EMAIL' ? customer.email : v]))
  const input = { params: row.params?.(), query: { ...query, ...(cursor ? { cursor } : {}) }, claims: (row.as === 'admin' ? admin : customer).claims }
  const route = routeOf(row.route)
  await call(route, input) // warm: the caller's account gate answer is cached (and the route's module loaded)
  requests = []
  const res = await call(route, input)
  return { status: res.status, text: res.text, body: res.body, bytes: Buffer.byteLength(res.text, 'utf8'), requests: [...requests] }
}

interface RowResult {
  first: Measured
  next?: Measured
}
const results: Record<'N' | '3N', Map<string, RowResult>> = { N: new Map(), '3N': new Map() }

async function measureAll(volume: 'N' | '3N') {
  for (const row of rows) {
    const first = await measure(row)
    const cursor = row.next && first.status === 200 ? first.body?.cursor : null
    results[volume].set(row.name, { first, next: cursor ? await measure(row, cursor) : undefined })
  }
}

// ---- seeding (batch writes through the entities; the ledger counters through the ledger's own import) ----

const N = {
  /** Active and archived orders of the customer, half each (besides `history` and `paid`): at 3N more active ones than the largest page. */
  orders: 70,
  /** Status updates of `history` (beyond the detail's head Query at N already). */
  updates: 80,
  notifications: 25,
  /** Staff audit records of `history` (so of its customer too). */
  activity: 25,
  customers: 30,
  /** Archived customers (older than every other: the active list's first page is unchanged), and soft-deleted orders of another customer. */
  archivedCustomers: 15,
  deletedOrders: 20,
  /** Ledger entries of `paid` (beyond the detail's ledger bound at N already). */
  payments: 110,
  /** Of those, imported with their counter updates (the stat cards' Query reads the counters). */
  countedPayments: 12,
}

const base = Date.now() - 20 * 86_400_000
let seq = 0
const next = () => ++seq
const at = (i: number) => new Date(base + i * 1_000).toISOString()

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entity's batch put, typed by its own schema
async function putAll(entity: any, items: object[]) {
  for (let i = 0; i < items.length; i += 100) {
    const { unprocessed } = (await entity.put(items.slice(i, i + 100)).go()) as { unprocessed: unknown[] }
    expect(unprocessed, 'batch write left items unprocessed').toEqual([])
  }
}

function bulkOrder(archived: boolean): Order {
  const i = next()
  const o = newOrder(
    {
      orderId: uuid(),
      orderNumber: formatOrderNumber(500_000 + i),
      customerId: customer.userId,
      customerName: 'Bea Bounds',
      customerEmail: customer.email,
      firearmMake: 'Colt',
      firearmModel: 'Python',
      serialNumber: `LB-${String(i).padStart(6, '0')}`,
      serviceType: 'Repair',
      description: 'Timing and lockup',
      estimatedCostCents: 10_000,
      createdAt: at(i),
    },
    { invoiceId: uuid(), at: at(i) },
  )
  return { ...o, currentStatus: 'in_progress', isArchived: archived }
}

function payment(i: number): Payment {
  return {
    orderId: paid.orderId,
    paymentId: `shop_${randomUUID()}`,
    customerId: customer.userId,
    orderNumber: paid.orderNumber,
    amountCents: 1_000 + ((i * 7_919) % 50_000),
    // Spread over the stat cards' 30 days, so the counters hold many buckets.
    paymentDate: new Date(Date.now() - (i % 28) * 86_400_000 - i * 1_000).toISOString(),
    paymentMethod: 'Cash',
    paymentStatus: 'successful',
    paymentIntentId: '',
    kind: 'payment',
    customerName: paid.customerName,
    customerEmail: paid.customerEmail,
    firearmMake: paid.firearmMake,
    firearmModel: paid.firearmModel,
    serialNumber: paid.serialNumber,
    description: paid.description,
  }
}

/** `times` × N of everything the rows list. */
async function seed(times: number) {
  const table = defaultTable()
  const { order, statusUpdate, notification, payment: entries, auditEvent: audit } = createService(table).entities
  const orders = Array.from({ length: N.orders * times }, (_, i) => orderItem(bulkOrder(i % 2 === 1)))
  await putAll(order, orders)

  const updates = Array.from({ length: N.updates * times }, () => {
    const i = next()
    return { orderId: history.orderId, updateId: sortableId(base + i * 1_000), status: 'in_progress', notes: `Progress note ${String(i).padStart(5, '0')}`, createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at(i), updatedAt: at(i) }
  })
  await putAll(statusUpdate, updates)

  const notifications = Array.from({ length: N.notifications * times }, () => {
    const i = next()
    return { userId: customer.userId, notificationId: sortableId(base + i * 1_000), orderId: history.orderId, title: 'Status Update', message: `Update ${String(i).padStart(5, '0')}`, read: false, createdAt: at(i) }
  })
  await putAll(notification, notifications)

  const records = Array.from({ length: N.activity * times }, () => {
    const i = next()
    return auditItem(auditEvent({ actor: { id: 'admin', name: 'Sam Armorer' }, action: 'order.update', summary: `Edited ${i}`, at: at(i), order: history, changes: [{ field: 'Estimated cost', before: '$100.00', after: '$120.00' }] }))
  })
  await putAll(audit, records)

  // Newer than every other customer, so a search for their shared name finds a full page in one Query.
  const profiles = Array.from({ length: N.customers * times }, () => {
    const i = next()
    return { userId: uuid(), email: `lb-${i}-${randomUUID().slice(0, 6)}@example.com`, firstName: 'Cal', lastName: 'Bounds', role: 'customer', createdAt: new Date(Date.now() + 3_600_000 + i * 1_000).toISOString() }
  })
  await putAll(profileEntity(table), profiles)

  const archived = Array.from({ length: N.archivedCustomers * times }, () => {
    const i = next()
    return { userId: uuid(), email: `lb-old-${i}-${randomUUID().slice(0, 6)}@example.com`, firstName: 'Old', lastName: 'Archive', role: 'customer', isArchived: true, isActive: false, archivedAt: at(i), createdAt: new Date(base - 86_400_000 + i * 1_000).toISOString() }
  })
  await putAll(profileEntity(table), archived)
  const someoneElse = uuid()
  await putAll(order, Array.from({ length: N.deletedOrders * times }, () => orderItem({ ...bulkOrder(false), customerId: someoneElse, isDeleted: true, deletedAt: at(seq) })))

  const ledger = createLedgerRepository(table)
  for (let k = 0; k < N.countedPayments * times; k++) await ledger.importEntry(payment(next()))
  await putAll(entries, Array.from({ length: (N.payments - N.countedPayments) * times }, () => payment(next())))
}

beforeAll(async () => {
  await useOwnTable('list-bounds')
  countCommands((command, read) => requests.push({ command, items: read?.items }))
  ;[customer, admin] = await Promise.all([createTestUser('customer', 'Bea'), createTestUser('admin')])
  const repo = createOrderRepository(defaultTable())
  const mine = async (over: Partial<Order>) => {
    const orderNumber = await repo.nextOrderNumber()
    const o = newOrder({ orderId: uuid(), orderNumber, customerId: customer.userId, customerName: 'Bea Bounds', customerEmail: customer.email, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: `LB-${orderNumber}`, serviceType: 'Repair', description: 'Timing and lockup', estimatedCostCents: 10_000, ...over }, { invoiceId: uuid() })
    return repo.createOrder({ ...o, currentStatus: 'in_progress', ...bookEntriesFor('in_progress') })
  }
  history = await mine({})
  paid = await mine({})

  await seed(1)
  await measureAll('N')
  await seed(2)
  await measureAll('3N')
}, 180_000)

// ---- the bounds ----

const show = (m: Measured) => m.requests.map((r) => `${r.command}:${r.items ?? 'failed'}`).join(', ')

function expectWithin(row: Row, label: string, m: Measured, bounds: PageBounds) {
  const where = `${row.name} (${row.route} ${JSON.stringify(row.query)}), ${label}: ${show(m)}`
  expect(m.status, `${where}: ${m.text.slice(0, 300)}`).toBe(200)
  expect(m.requests.length, `${where}: requests`).toBeGreaterThan(0)
  expect(m.requests.length, `${where}: requests`).toBeLessThanOrEqual(bounds.requests)
  expect(m.requests.map((r) => r.command), where).not.toContain('ScanCommand')
  m.requests.forEach((r, i) => {
    expect(r.items, `${where}: request ${i + 1} has no read count`).toBeTypeOf('number')
    expect(r.items, `${where}: items read by request ${i + 1}`).toBeLessThanOrEqual(bounds.reads[Math.min(i, bounds.reads.length - 1)])
  })
  const total = bounds.total ?? Array.from({ length: bounds.requests }, (_, i) => bounds.reads[Math.min(i, bounds.reads.length - 1)]).reduce((a, b) => a + b, 0)
  expect(m.requests.reduce((n, r) => n + (r.items ?? 0), 0), `${where}: items read in all`).toBeLessThanOrEqual(total)
  for (const [what, n, max] of row.lists(m.body)) {
    expect(n, `${where}: ${what} returned`).toBeTypeOf('number')
    expect(n, `${where}: ${what} returned`).toBeLessThanOrEqual(max)
  }
}

/**
 * The answer does not grow with the data: a page at 3N is at most the size of the page at N, scaled to a
 * full page when the page at N was not full (the largest limits), within a tolerance (ids, amounts and
 * counts differ a little).
 */
const BYTES_TOLERANCE = 1.15
/** The longest cursor a list may give out: the longest `cursor` parameter the lists take back (shared/src/schemas/paging.ts). */
const MAX_CURSOR_LENGTH = 2048
function expectBytesFlat(row: Row, small: Measured, big: Measured) {
  const [, itemsAtN, max] = row.lists(small.body)[0]
  const scale = itemsAtN > 0 ? max / itemsAtN : 1
  // A cursor is there or not (the last page has none), and bounded on its own.
  for (const m of [small, big]) if (typeof m.body.cursor === 'string') expect(m.body.cursor.length, `${row.name}: cursor length`).toBeLessThanOrEqual(MAX_CURSOR_LENGTH)
  const [a, b] = [small, big].map((m) => Buffer.byteLength(JSON.stringify({ ...m.body, cursor: null }), 'utf8'))
  expect(b, `${row.name}: bytes at 3N (${b}) vs N (${a}, ${itemsAtN} of ${max} items), cursors aside`).toBeLessThanOrEqual(Math.ceil(a * scale * BYTES_TOLERANCE))
}

describe('every list reads one bounded page, whatever the table holds', () => {
  it('the observer reports the items each request read', () => {
    const all = [...results['3N'].values()].flatMap((r) => [r.first, ...(r.next ? [r.next] : [])]).flatMap((m) => m.requests)
    expect(all.length).toBeGreaterThan(rows.length)
    expect(all.every((r) => typeof r.items === 'number')).toBe(true)
    // The pages read real data: a full admin orders page read a full page of items.
    expect(results['3N'].get('admin orders, view=active')!.first.requests[0].items).toBe(ADMIN_ORDERS_PAGE_SIZE)
  })

  for (const row of rows) {
    it(`${row.name}: ≤ ${row.first.requests} request(s), each reading ≤ ${row.first.reads.join('/')} items`, () => {
      for (const volume of ['N', '3N'] as const) {
        const r = results[volume].get(row.name)!
        expectWithin(row, `${volume}, first page`, r.first, row.first)
        if (r.next) expectWithin(row, `${volume}, the cursor's page`, r.next, row.next!)
      }
      const small = results.N.get(row.name)!
      const big = results['3N'].get(row.name)!
      if (row.fullAt3N) {
        const [what, n, max] = row.lists(big.first.body)[0]
        expect(n, `${row.name} at 3N: a full page of ${what}`).toBe(max)
        if (row.next) {
          expect(big.first.body.cursor, `${row.name} at 3N: a cursor to more`).toBeTruthy()
          expect(big.next, `${row.name} at 3N: the cursor's page was read`).toBeDefined()
        }
      }
      expectBytesFlat(row, small.first, big.first)
      if (small.next && big.next) expectBytesFlat(row, small.next, big.next)
    })
  }
})
