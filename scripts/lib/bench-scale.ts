/**
 * `npm run bench -- --scale`: year-three volume in DynamoDB Local and every list screen
 * timed on it: its first page, a page deep through the cursor it gave out, and its searches.
 *
 * The data is written as the repositories store it (the items their builders make: orderItem,
 * the profile's latest-order summary, the unread-notification counts, the ledger counters), in
 * BatchWriteItem requests, about a thousand items a second on 2 cores; the stat-card counters are
 * then counted once from the entries written (countLedgerInto, as the ledger-counters migration does).
 *
 * One customer, the bench customer (a real Cognito user), is a heavy one: HEAVY.orders orders, one
 * of them with HEAVY.detailUpdates status updates, so that each of the customer's lists has pages
 * to go through. The others share the rest evenly.
 */
import { statusLabel } from '@gs/shared/statuses'
import { cognitoClient } from '../../functions/auth/cognito.ts'
import { createUserDirectory } from '../../functions/auth/users.ts'
import { uuid } from '../../functions/db/ids.ts'
import { countLedgerInto } from '../../functions/db/migrations/index.ts'
import { latestOrderAttributes, latestOrderOf } from '../../functions/db/repositories/latest-order.ts'
import { orderItem } from '../../functions/db/repositories/orders.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { formatOrderNumber, newOrder, type Notification, type Order, type Payment, type StatusUpdate } from '../../functions/domain/order.ts'
import { paymentIdFor } from '../../functions/domain/payment.ts'
import type { LocalStack } from '../../infra/local/stack.ts'
import { BENCH_CUSTOMER, createRouteTimer, FIREARMS, type RouteResult, type RouteSpec } from './bench-api.ts'
import { progress } from './bench-stats.ts'

/** Year three of a busy shop. */
export const YEAR_THREE = { customers: 5_000, orders: 50_000, statusUpdates: 250_000, payments: 50_000, notifications: 100_000 }
export type Volume = typeof YEAR_THREE

/** The bench customer's share: enough for several pages of each of their lists. */
const HEAVY = { orders: 120, detailUpdates: 150 }

/**
 * Timed requests per row (after the warm-up): fewer than the small bench's, the rows are many. 40 left a row's
 * median moving by ±0.15× from run to run on a shared machine; 100 cost the run about half a minute more.
 */
export const SCALE_RUNS = { timed: 100, warmup: 10 }

const DAY = 86_400_000
const SPAN_DAYS = 3 * 365
const WORKFLOW = ['firearm_received', 'evaluating', 'in_progress', 'parts_needed', 'parts_received', 'in_progress', 'work_complete', 'payment_needed', 'ready_for_shipping', 'shipped']
const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Ronald', 'Rebecca', 'Zoë']
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Hartley', 'Okafor', "O'Brien"]

/** What the searches look for: a customer (by a last name ~1 customer in 50 has), a serial, a make. */
export const SCALE_SEARCHES = { lastName: 'Hartley', make: 'Benelli' }

/** `total` spread over `n` slots: slot i's share (the first `total % n` slots get one more). */
const share = (total: number, n: number, i: number) => Math.floor(total / n) + (i < total % n ? 1 : 0)
/** Deterministic ids and times (the same data on every run). */
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0')
const idOf = (kind: number, n: number) => `${hex(kind, 8)}-0000-4000-8000-${hex(n, 12)}`
const sortableAt = (at: number, n: number) => `${at.toString(36).padStart(9, '0')}${hex(n, 12)}`

export interface ScaleSeeded {
  customerId: string
  detailOrderId: string
  serialNumber: string
  orderNumber: string
  customerEmail: string
  items: number
  seconds: number
}

/** Batch writes, `concurrent` requests in flight, failing on anything DynamoDB leaves unprocessed. */
async function putAll(entity: { put: (items: any[]) => any }, items: unknown[]) {
  if (!items.length) return
  const { unprocessed } = (await entity.put(items).go({ concurrent: 8 })) as { unprocessed: unknown[] }
  if (unprocessed.length) throw new Error(`${unprocessed.length} items left unprocessed by BatchWriteItem`)
}

/**
 * Orders are numbered in the order they were created: order g (in customer order) gets the rank
 * (g × STRIDE) mod orders, a permutation because STRIDE is prime to the count, so each customer's
 * orders are spread over the three years.
 */
function rankOf(g: number, orders: number) {
  const STRIDE = 7_919
  if (orders % STRIDE === 0) throw new Error(`the order count must not be a multiple of ${STRIDE}`)
  return (g * STRIDE) % orders
}

export async function seedYearThree(stack: LocalStack, v: Volume = YEAR_THREE): Promise<ScaleSeeded> {
  const t0 = Date.now()
  const table = defaultTable()
  const { entities } = createService(table)
  const users = createUserDirectory({ client: cognitoClient(), userPoolId: stack.userPoolId })
  const benchId = await users.createConfirmedUser({ ...BENCH_CUSTOMER, group: 'customer' })

  const { data: counter } = await entities.counter.update({ name: 'orderNumber' }).add({ value: v.orders }).go({ response: 'all_new' })
  const firstNumber = (counter.value ?? v.orders) - v.orders + 1
  const now = Date.now()
  const start = now - SPAN_DAYS * DAY
  const step = (SPAN_DAYS * DAY) / v.orders
  const heavy = { orders: Math.min(HEAVY.orders, Math.floor(v.orders / 2)), detailUpdates: Math.min(HEAVY.detailUpdates, Math.floor(v.statusUpdates / 4)) }
  const ordersOf = (c: number) => (c === 0 ? heavy.orders : share(v.orders - heavy.orders, v.customers - 1, c - 1))
  // The bench customer's newest order carries the long history; the other orders share the rest.
  const updatesOf = (g: number, isDetail: boolean) => (isDetail ? heavy.detailUpdates : share(v.statusUpdates - heavy.detailUpdates, v.orders - 1, g))
  const notificationsOf = (g: number) => share(v.notifications, v.orders, g)
  const paymentsOf = (g: number) => share(v.payments, v.orders, g)

  let g = 0
  let written = 0
  const ledger: Payment[] = []
  let seeded: Omit<ScaleSeeded, 'items' | 'seconds'> | undefined
  const CHUNK = 100 // customers a round of batch writes
  for (let c0 = 0; c0 < v.customers; c0 += CHUNK) {
    const profiles: unknown[] = []
    const orders: Order[] = []
    const refs: unknown[] = []
    const updates: StatusUpdate[] = []
    const notifications: Notification[] = []
    const payments: Payment[] = []
    const unread: unknown[] = []
    for (let c = c0; c < Math.min(v.customers, c0 + CHUNK); c++) {
      const isBench = c === 0
      const customerId = isBench ? benchId : idOf(1, c)
      const [firstName, lastName] = isBench ? [BENCH_CUSTOMER.firstName, BENCH_CUSTOMER.lastName] : [FIRST[c % FIRST.length], LAST[Math.floor(c / FIRST.length) % LAST.length]]
      const email = isBench ? BENCH_CUSTOMER.email : `${firstName.toLowerCase().replace(/[^a-z]/g, '')}.${lastName.toLowerCase().replace(/[^a-z]/g, '')}.${c}@example.com`
      const phone = `+1555${hex(c, 7).replace(/[a-f]/g, '9').slice(-7)}`
      const customerName = `${firstName} ${lastName}`
      const own: Order[] = []
      let unreadCount = 0
      let detailDone = false
      const n = ordersOf(c)
      // The customer's orders, newest (highest rank) last; the bench customer's newest has the long history.
      const ranks = Array.from({ length: n }, (_, k) => rankOf(g + k, v.orders)).sort((a, b) => a - b)
      for (let k = 0; k < n; k++, g++) {
        const rank = ranks[k]
        const created = start + rank * step
        const createdIso = new Date(created).toISOString()
        const orderId = idOf(2, rank)
        const orderNumber = formatOrderNumber(firstNumber + rank)
        const [firearmMake, firearmModel] = FIREARMS[rank % FIREARMS.length]
        const serialNumber = `SN${hex(rank * 2_654_435_761 % 0xffffffff, 8).toUpperCase()}`
        const isDetail = isBench && k === n - 1 && !detailDone
        if (isDetail) detailDone = true
        const age = now - created
        const u = updatesOf(g, isDetail)
        // Recent orders are still in the workflow; older ones were shipped, and most of those archived.
        const recent = age < 30 * DAY
        let status = 'order_created'
        let last = created
        for (let j = 0; j < u; j++) {
          const at = created + ((j + 1) * Math.min(age, 20 * DAY)) / (u + 1)
          last = at
          status = recent ? WORKFLOW[Math.min(j, rank % 7)] : j === u - 1 ? 'shipped' : WORKFLOW[Math.min(j, WORKFLOW.length - 2)]
          const iso = new Date(at).toISOString()
          const isNote = j % 4 === 3
          updates.push({
            orderId,
            updateId: sortableAt(at, rank * 1_000 + j),
            status,
            notes: isNote ? `Checked the ${firearmModel} again; all good.` : `${statusLabel(status)}.`,
            createdBy: isNote && j % 8 === 7 ? customerId : 'admin',
            authorLabel: isNote && j % 8 === 7 ? firstName : 'Admin',
            isCustomerNote: isNote && j % 8 === 7,
            createdAt: iso,
            updatedAt: iso,
          })
        }
        for (let j = 0; j < notificationsOf(g); j++) {
          const at = created + ((j + 1) * Math.min(age, 20 * DAY)) / (notificationsOf(g) + 1)
          const read = age > 14 * DAY || j === 0
          if (!read) unreadCount++
          notifications.push({ userId: customerId, notificationId: sortableAt(at, rank * 100 + j), orderId, title: `${firearmMake} ${firearmModel} (order ${orderNumber})`, message: `Your order is now ${statusLabel(status)}.`, read, createdAt: new Date(at).toISOString() })
        }
        let paid = 0
        for (let j = 0; j < paymentsOf(g); j++) {
          const paymentIntentId = `pi_scale_${hex(rank, 6)}_${j}`
          const amountCents = 2_500 + ((rank * 37 + j * 11) % 400) * 100
          const failed = rank % 23 === 0
          if (!failed) paid += amountCents
          payments.push({
            orderId,
            paymentId: paymentIdFor(paymentIntentId, orderId),
            customerId,
            orderNumber,
            amountCents,
            paymentDate: new Date(created + (j + 1) * DAY).toISOString(),
            paymentMethod: 'Credit Card',
            paymentStatus: failed ? 'failed' : 'successful',
            paymentIntentId,
            kind: 'payment',
            customerName,
            customerEmail: email,
            firearmMake,
            firearmModel,
            serialNumber,
            description: `Repair of a ${firearmMake} ${firearmModel}`,
          })
        }
        const archived = status === 'shipped' && age > 60 * DAY && rank % 5 !== 0
        const order = newOrder(
          {
            orderId,
            orderNumber,
            customerId,
            customerName,
            customerEmail: email,
            customerPhone: phone,
            firearmMake,
            firearmModel,
            serialNumber,
            firearmCaliber: '9mm',
            serviceType: rank % 3 ? 'Repair' : 'Cleaning',
            description: `Repair of a ${firearmMake} ${firearmModel}: inspect, repair and test fire.`,
            estimatedCostCents: 20_000 + (rank % 7) * 2_500,
            currentStatus: status,
            amountPaidCents: paid,
            isArchived: archived,
            ...(archived ? { archivedAt: new Date(last).toISOString() } : {}),
          },
          { invoiceId: idOf(3, rank), at: createdIso },
        )
        order.updatedAt = new Date(last).toISOString()
        own.push(order)
        refs.push({ orderNumber, orderId })
        if (isDetail) seeded = { customerId, detailOrderId: orderId, serialNumber, orderNumber, customerEmail: email }
      }
      orders.push(...own)
      const latest = own.reduce<Order | undefined>((a, o) => (!a || o.createdAt > a.createdAt ? o : a), undefined)
      const joined = new Date(Math.min(...own.map((o) => Date.parse(o.createdAt)), now) - DAY).toISOString()
      profiles.push({
        userId: customerId,
        email,
        firstName,
        lastName,
        phone,
        enableSmsNotifications: c % 3 === 0,
        role: 'customer',
        createdAt: joined,
        orderCount: own.length,
        ...(latest ? latestOrderAttributes(latestOrderOf(latest)) : {}),
      })
      if (unreadCount) unread.push({ userId: customerId, count: unreadCount })
    }
    await Promise.all([
      putAll(entities.profile, profiles),
      putAll(entities.order, orders.map((o) => orderItem(o))),
      putAll(entities.orderRef, refs),
      putAll(entities.statusUpdate, updates),
      putAll(entities.notification, notifications),
      putAll(entities.payment, payments),
      putAll(entities.unreadNotifications, unread),
    ])
    ledger.push(...payments)
    written += profiles.length + orders.length + refs.length + updates.length + notifications.length + payments.length + unread.length
    if ((c0 / CHUNK) % 10 === 9 || c0 + CHUNK >= v.customers) progress(`seeded ${Math.min(v.customers, c0 + CHUNK)} of ${v.customers} customers (${written.toLocaleString('en-US')} items, ${((Date.now() - t0) / 1000).toFixed(0)} s)`)
  }
  // As the migration counts them, from the entries written (a Scan of the table would take minutes).
  const { counters } = await countLedgerInto(table, ledger)
  progress(`${counters} ledger counters counted from ${ledger.length.toLocaleString('en-US')} entries`)
  if (!seeded) throw new Error('the bench customer got no detail order')
  return { ...seeded, items: written, seconds: (Date.now() - t0) / 1000 }
}

export interface ScaleRow extends RouteResult {
  screen: string
  variant: string
}

/** Each list screen: its first page, a page deep (through the cursors it gave out), its searches and filters. */
export async function measureListScreens(stack: LocalStack, seeded: ScaleSeeded): Promise<ScaleRow[]> {
  const timer = await createRouteTimer(stack)
  const { customerToken: customer, adminToken: admin } = timer
  const n = (what: string) => (b: any) => `${b.items.length} ${what}${b.total != null ? ` of ${b.total.toLocaleString('en-US')}` : ''}${b.cursor ? ', more' : ''}`

  /** The path of the page `depth` pages in (following each page's cursor from the first). */
  async function deep(path: string, token: string, depth: number, cursorOf = (b: any) => b.cursor as string | null) {
    let url = path
    for (let i = 0; i < depth; i++) {
      const body = await timer.get(url, token)
      const cursor = cursorOf(body)
      if (!cursor) throw new Error(`GET ${url} gave no cursor: too little data for a page ${depth + 1}`)
      url = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
    }
    return url
  }

  const q = encodeURIComponent
  const screens: Array<{ screen: string; variant: string; spec: () => Promise<Omit<RouteSpec, 'label'>> }> = [
    { screen: 'My orders', variant: 'first page', spec: async () => ({ path: '/api/orders', token: customer, count: n('orders') }) },
    { screen: 'My orders', variant: 'page 5', spec: async () => ({ path: await deep('/api/orders', customer, 4), token: customer, count: n('orders') }) },
    { screen: 'Order detail', variant: 'newest updates', spec: async () => ({ path: `/api/orders/${seeded.detailOrderId}`, token: customer, count: (b: any) => `${b.updates.length} updates, ${b.payments.length} payments` }) },
    {
      screen: 'Order detail',
      variant: 'load older, page 3',
      spec: async () => {
        const detail = await timer.get(`/api/orders/${seeded.detailOrderId}`, customer)
        const base = `/api/orders/${seeded.detailOrderId}/updates`
        const second = await timer.get(`${base}?cursor=${q(detail.updatesCursor)}`, customer)
        return { path: `${base}?cursor=${q(second.cursor)}`, token: customer, count: n('updates') }
      },
    },
    { screen: 'Notifications', variant: 'first page', spec: async () => ({ path: '/api/notifications', token: customer, count: (b: any) => `${b.items.length} notifications, ${b.unreadCount} unread` }) },
    { screen: 'Notifications', variant: 'page 5', spec: async () => ({ path: await deep('/api/notifications', customer, 4), token: customer, count: n('notifications') }) },
    { screen: 'Payment history', variant: 'first page', spec: async () => ({ path: '/api/payments?limit=10', token: customer, count: n('payments') }) },
    { screen: 'Payment history', variant: 'page 5', spec: async () => ({ path: await deep('/api/payments?limit=10', customer, 4), token: customer, count: n('payments') }) },
    { screen: 'Manage orders', variant: 'first page', spec: async () => ({ path: '/api/admin/orders?view=active', token: admin, count: n('orders') }) },
    { screen: 'Manage orders', variant: 'page 20', spec: async () => ({ path: await deep('/api/admin/orders?view=active', admin, 19), token: admin, count: n('orders') }) },
    { screen: 'Manage orders', variant: 'status: parts needed', spec: async () => ({ path: '/api/admin/orders?view=active&status=parts_needed', token: admin, count: n('orders') }) },
    { screen: 'Manage orders', variant: 'sorted by last update', spec: async () => ({ path: '/api/admin/orders?view=active&sort=updated', token: admin, count: n('orders') }) },
    { screen: 'Manage orders', variant: 'search: serial', spec: async () => ({ path: `/api/admin/orders?view=active&search=${q(seeded.serialNumber)}`, token: admin, count: n('orders') }) },
    { screen: 'Manage orders', variant: 'search: order number', spec: async () => ({ path: `/api/admin/orders?view=active&search=${q(seeded.orderNumber)}`, token: admin, count: n('orders') }) },
    { screen: 'Manage orders', variant: `search: "${SCALE_SEARCHES.lastName}"`, spec: async () => ({ path: `/api/admin/orders?view=active&search=${q(SCALE_SEARCHES.lastName)}`, token: admin, count: n('orders') }) },
    { screen: 'Manage orders', variant: 'one customer', spec: async () => ({ path: `/api/admin/orders?view=active&customerId=${q(seeded.customerId)}`, token: admin, count: n('orders') }) },
    { screen: 'Archived orders', variant: 'first page', spec: async () => ({ path: '/api/admin/orders?view=archived', token: admin, count: n('orders') }) },
    { screen: 'Archived orders', variant: 'page 20', spec: async () => ({ path: await deep('/api/admin/orders?view=archived', admin, 19), token: admin, count: n('orders') }) },
    { screen: 'Customers', variant: 'first page', spec: async () => ({ path: '/api/admin/customers', token: admin, count: n('customers') }) },
    { screen: 'Customers', variant: 'page 20', spec: async () => ({ path: await deep('/api/admin/customers', admin, 19), token: admin, count: n('customers') }) },
    { screen: 'Customers', variant: `search: "${SCALE_SEARCHES.lastName}"`, spec: async () => ({ path: `/api/admin/customers?search=${q(SCALE_SEARCHES.lastName)}`, token: admin, count: n('customers') }) },
    { screen: 'Customers', variant: 'search: email', spec: async () => ({ path: `/api/admin/customers?search=${q(seeded.customerEmail)}`, token: admin, count: n('customers') }) },
    { screen: 'Payments', variant: 'first page', spec: async () => ({ path: '/api/admin/payments?sort=date&direction=desc', token: admin, count: n('payments') }) },
    { screen: 'Payments', variant: 'page 20', spec: async () => ({ path: await deep('/api/admin/payments?sort=date&direction=desc', admin, 19), token: admin, count: n('payments') }) },
    { screen: 'Payments', variant: 'by amount', spec: async () => ({ path: '/api/admin/payments?sort=amount&direction=desc', token: admin, count: n('payments') }) },
    { screen: 'Payments', variant: 'by customer', spec: async () => ({ path: '/api/admin/payments?sort=customer&direction=asc', token: admin, count: n('payments') }) },
    { screen: 'Payments', variant: 'status: failed', spec: async () => ({ path: '/api/admin/payments?sort=date&direction=desc&status=failed', token: admin, count: n('payments') }) },
    { screen: 'Payments', variant: 'search: order number', spec: async () => ({ path: `/api/admin/payments?search=${q(seeded.orderNumber)}`, token: admin, count: n('payments') }) },
    { screen: 'Payments', variant: `search: "${SCALE_SEARCHES.make}"`, spec: async () => ({ path: `/api/admin/payments?search=${q(SCALE_SEARCHES.make)}`, token: admin, count: n('payments') }) },
  ]
  const out: ScaleRow[] = []
  for (const s of screens) {
    const spec = await s.spec()
    out.push({ screen: s.screen, variant: s.variant, ...(await timer.measure({ label: `${s.screen}, ${s.variant}`, ...spec }, SCALE_RUNS)) })
  }
  timer.close()
  return out
}
