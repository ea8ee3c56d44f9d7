/**
 * An order's detail stays small however long its history: the newest 50 status updates with a
 * cursor, older ones paged ("Load older"), one bounded Query a page; customer notes are limited
 * (200 an order, 20 an hour: 429); the customer's order list is paged.
 *
 * The group handlers run in this process (quality-helpers.ts `call`) with a command observer on the
 * one DynamoDB client, as read-budget.test.ts does, so each request's DynamoDB commands are counted.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createOrderHistoryRepository } from '../../functions/db/repositories/order-history.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { createStatusUpdateRepository } from '../../functions/db/repositories/status-updates.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Order, type StatusUpdate } from '../../functions/domain/order.ts'
import { addCustomerNote } from '../../functions/use-cases/add-customer-note.ts'
import { TooManyRequestsError } from '../../functions/lib/errors.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { countCommands, useStackTable } from './helpers.ts'
import { call, createTestUser, type CallInput, type TestUser } from './quality-helpers.ts'

const route = (key: string) => {
  const r = routes.find((x) => routeKey(x) === key)
  if (!r) throw new Error(`no route ${key}`)
  return r
}
const CUSTOMER_DETAIL = route('GET /api/orders/{orderId}')
const CUSTOMER_UPDATES = route('GET /api/orders/{orderId}/updates')
const ADMIN_DETAIL = route('GET /api/admin/orders/{orderId}')
const ADMIN_UPDATES = route('GET /api/admin/orders/{orderId}/updates')
const ADD_NOTE = route('POST /api/orders/{orderId}/notes')
const CUSTOMER_ORDERS = route('GET /api/orders')

const HISTORY = 120
const repo = () => createOrderRepository(defaultTable())

let commands: string[] = []
let owner: TestUser
let stranger: TestUser
let admin: TestUser
let longOrder: Order
let shortOrder: Order

/** An order of `customerId` created at `at`, with its "Order created" update. */
async function createOrder(customerId: string, at = new Date().toISOString(), over: Partial<Order> = {}) {
  const orders = repo()
  const orderNumber = await orders.nextOrderNumber()
  const orderId = uuid()
  const o = newOrder({ orderId, orderNumber, customerId, customerName: 'Hal History', customerEmail: 'hal@example.com', firearmMake: 'Colt', firearmModel: 'Python', serialNumber: 'SN-HIST', serviceType: 'Repair', description: 'Timing', estimatedCostCents: 10_000, createdAt: at, ...over }, { invoiceId: uuid(), at })
  const created: StatusUpdate = { orderId, updateId: sortableId(Date.parse(at)), status: 'order_created', notes: 'Order created', createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at, updatedAt: at }
  return orders.createOrder(o, { putUpdates: [created] })
}

/** `count` staff updates, one a minute after `from`, each note the same length (so sizes compare). */
async function writeUpdates(orderId: string, count: number, from: number) {
  const updates = createStatusUpdateRepository(defaultTable())
  const all = Array.from({ length: count }, (_, i) => {
    const t = from + (i + 1) * 60_000
    const at = new Date(t).toISOString()
    return { orderId, updateId: sortableId(t), status: 'in_progress', notes: `Progress note ${String(i + 1).padStart(4, '0')}`, createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at, updatedAt: at }
  })
  for (let i = 0; i < all.length; i += 10) await Promise.all(all.slice(i, i + 10).map((u) => updates.add(u)))
  return all
}

/** One request, with the DynamoDB commands it sent (the caller's account gate is warm: see read-budget.test.ts). */
async function counted(r: typeof CUSTOMER_DETAIL, input: CallInput) {
  commands = []
  const res = await call(r, input)
  return { ...res, sent: [...commands] }
}

const asCustomer = (orderId: string, query?: Record<string, string>, user = owner): CallInput => ({ params: { orderId }, query, claims: user.claims })
const asAdmin = (orderId: string, query?: Record<string, string>): CallInput => ({ params: { orderId }, query, claims: admin.claims })

/** Every entry of the history through a paging route, with each page's commands. */
async function pageThrough(r: typeof CUSTOMER_UPDATES, input: (q?: Record<string, string>) => CallInput, limit: number) {
  const ids: string[] = []
  const pages: Array<{ sent: string[]; size: number }> = []
  let cursor: string | null = null
  do {
    const res = await counted(r, input({ limit: String(limit), ...(cursor ? { cursor } : {}) }))
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    ids.push(...res.body.items.map((u: { id: string }) => u.id))
    pages.push({ sent: res.sent, size: res.body.items.length })
    cursor = res.body.cursor
  } while (cursor && pages.length < 100)
  return { ids, pages }
}

const oneBoundedQuery = (sent: string[]) => {
  expect(sent.filter((c) => c === 'QueryCommand'), sent.join(',')).toHaveLength(1)
  expect(sent.filter((c) => c !== 'QueryCommand' && c !== 'GetItemCommand'), sent.join(',')).toEqual([])
  expect(sent.length, sent.join(',')).toBeLessThanOrEqual(2)
}

beforeAll(async () => {
  useStackTable()
  countCommands((name) => commands.push(name))
  ;[owner, stranger, admin] = await Promise.all([createTestUser('customer', 'Hal'), createTestUser('customer', 'Sly'), createTestUser('admin')])
  const start = Date.parse('2026-03-01T08:00:00.000Z')
  longOrder = await createOrder(owner.userId, new Date(start).toISOString())
  await writeUpdates(longOrder.orderId, HISTORY - 1, start) // 120 with "Order created"
  shortOrder = await createOrder(owner.userId)
  // Each caller's account gate warm in the function that serves them (a container of each, as in Lambda).
  for (const u of [owner, stranger]) expect((await call(route('GET /api/me'), { claims: u.claims })).status).toBe(200)
  expect((await call(ADMIN_DETAIL, asAdmin(shortOrder.orderId))).status).toBe(200)
}, 180_000)


describe('an order with 120 status updates', { timeout: 120_000 }, () => {
  it('has a detail with the newest 50 updates, newest first, and a cursor', async () => {
    for (const [r, input] of [[CUSTOMER_DETAIL, asCustomer(longOrder.orderId)], [ADMIN_DETAIL, asAdmin(longOrder.orderId)]] as const) {
      const res = await counted(r, input)
      expect(res.status).toBe(200)
      expect(res.body.updates).toHaveLength(50)
      expect(res.body.updates[0].notes).toBe('Progress note 0119')
      expect(res.body.updates[49].notes).toBe('Progress note 0070')
      const times = res.body.updates.map((u: { createdAt: string }) => u.createdAt)
      expect(times).toEqual([...times].sort().reverse())
      expect(typeof res.body.updatesCursor).toBe('string')
      expect(res.body).toMatchObject({ id: longOrder.orderId, payments: [] })
      // Bounded reads: the newest page of the partition, then the order item and its ledger (no Scan, no paging through it all).
      expect(res.sent.filter((c) => c !== 'QueryCommand' && c !== 'GetItemCommand'), res.sent.join(',')).toEqual([])
      expect(res.sent.length, res.sent.join(',')).toBeLessThanOrEqual(3)
    }
  })

  it('a short history is still one Query, with updatesCursor null', async () => {
    const res = await counted(CUSTOMER_DETAIL, asCustomer(shortOrder.orderId))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ updatesCursor: null, updates: [{ notes: 'Order created' }] })
    expect(res.sent).toEqual(['QueryCommand'])
  })

  it('pages through every entry once, newest first, one bounded Query a page (customer and staff)', async () => {
    const all = (await createStatusUpdateRepository(defaultTable()).listForOrder(longOrder.orderId)).map((u) => u.updateId)
    expect(all).toHaveLength(HISTORY)
    for (const [r, input] of [
      [CUSTOMER_UPDATES, (q?: Record<string, string>) => asCustomer(longOrder.orderId, q)],
      [ADMIN_UPDATES, (q?: Record<string, string>) => asAdmin(longOrder.orderId, q)],
    ] as const) {
      const { ids, pages } = await pageThrough(r, input, 50)
      expect(ids).toEqual(all) // newest first (listForOrder reads the key range backwards), each once
      expect(new Set(ids).size).toBe(HISTORY)
      expect(pages.map((p) => p.size)).toEqual([50, 50, 20])
      for (const p of pages) oneBoundedQuery(p.sent)
    }
    // The detail's cursor goes on where its 50 stop.
    const detail = await call(CUSTOMER_DETAIL, asCustomer(longOrder.orderId))
    const older = await counted(CUSTOMER_UPDATES, asCustomer(longOrder.orderId, { cursor: detail.body.updatesCursor }))
    expect(older.body.items.map((u: { id: string }) => u.id)).toEqual(all.slice(50, 100))
    oneBoundedQuery(older.sent)
  })

  it('answers the same number of bytes and requests however long the history grows', async () => {
    const before = await counted(CUSTOMER_DETAIL, asCustomer(longOrder.orderId))
    await writeUpdates(longOrder.orderId, 80, Date.parse('2026-03-20T00:00:00.000Z'))
    const after = await counted(CUSTOMER_DETAIL, asCustomer(longOrder.orderId))
    expect(after.body.updates).toHaveLength(50)
    expect(after.body.updates[0].notes).toBe('Progress note 0080')
    // Same shapes, same lengths: only the ids and texts of the entries differ.
    expect(Math.abs(after.text.length - before.text.length)).toBeLessThanOrEqual(50)
    expect(after.sent).toEqual(before.sent)
    for (const r of [CUSTOMER_DETAIL, ADMIN_DETAIL]) {
      const res = await counted(r, r === ADMIN_DETAIL ? asAdmin(longOrder.orderId) : asCustomer(longOrder.orderId))
      expect(Math.abs(res.text.length - after.text.length), routeKey(r)).toBeLessThanOrEqual(50)
    }
    const page = await counted(CUSTOMER_UPDATES, asCustomer(longOrder.orderId, { limit: '100' }))
    expect(page.body.items).toHaveLength(100)
    oneBoundedQuery(page.sent)
  })

  it('refuses a foreign or tampered cursor (400) and another customer\'s order (404)', async () => {
    const other = await createOrder(owner.userId)
    await writeUpdates(other.orderId, 60, Date.now())
    const foreign = (await call(CUSTOMER_DETAIL, asCustomer(other.orderId))).body.updatesCursor
    expect(typeof foreign).toBe('string')
    const theirs = (await call(CUSTOMER_ORDERS, { claims: owner.claims, query: { limit: '1' } })).body.cursor
    const tampered = Buffer.from(JSON.stringify({ pk: `$gunsmith#orderid_${longOrder.orderId}`, sk: '$orderdetail#payment_1#paymentid_x' })).toString('base64url')
    for (const cursor of [foreign, theirs, tampered, 'garbage', 'eyJwayI6IngifQ==']) {
      for (const [r, input] of [[CUSTOMER_UPDATES, asCustomer(longOrder.orderId, { cursor })], [ADMIN_UPDATES, asAdmin(longOrder.orderId, { cursor })]] as const) {
        const res = await call(r, input)
        expect(res, `${routeKey(r)} cursor=${cursor}`).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } } } })
      }
    }
    for (const limit of ['0', '101', 'x']) {
      expect(await call(CUSTOMER_UPDATES, asCustomer(longOrder.orderId, { limit }))).toMatchObject({ status: 400, body: { error: { message: 'limit must be between 1 and 100' } } })
    }
    const mine = (await call(CUSTOMER_DETAIL, asCustomer(longOrder.orderId))).body.updatesCursor
    for (const query of [undefined, { cursor: mine }]) {
      for (const r of [CUSTOMER_DETAIL, CUSTOMER_UPDATES]) {
        const res = await call(r, asCustomer(longOrder.orderId, query, stranger))
        expect(res).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'Order not found' } } })
        expect(res.text).not.toContain('Progress note')
      }
    }
    expect((await call(ADMIN_UPDATES, asAdmin(uuid()))).status).toBe(404)
  })
})

describe('customer notes are limited', { timeout: 240_000 }, () => {
  it('the 201st note on an order is a 429 that changes nothing', async () => {
    const customer = await createTestUser('customer', 'Nora')
    const order = await createOrder(customer.userId)
    const orders = repo()
    const history = createOrderHistoryRepository(defaultTable())
    // 200 notes, 20 in each of ten past hours (the hourly limit is the other test's).
    for (let i = 0; i < 200; i++) {
      const now = new Date(Date.parse('2026-01-10T00:00:00.000Z') + Math.floor(i / 20) * 3_600_000 + (i % 20) * 1_000)
      await addCustomerNote({ orders, history, orderId: order.orderId, customer: { userId: customer.userId, firstName: 'Nora' }, text: `Note ${i + 1}`, now })
    }
    const updates = createStatusUpdateRepository(defaultTable())
    const before = await updates.listForOrder(order.orderId)
    expect(before.filter((u) => u.isCustomerNote)).toHaveLength(200)

    const res = await call(ADD_NOTE, { params: { orderId: order.orderId }, body: { text: 'One more' }, claims: customer.claims })
    expect(res).toMatchObject({ status: 429, body: { error: { code: 'too_many_requests', message: 'This order has reached its limit of 200 notes. Please call the shop.' } } })
    expect(await updates.listForOrder(order.orderId)).toEqual(before)
    expect((await orders.getOrder(order.orderId))?.version).toBe(order.version)
    // The customer's other orders still take notes (the limit is the order's), and staff updates are not limited.
    const other = await createOrder(customer.userId)
    expect((await call(ADD_NOTE, { params: { orderId: other.orderId }, body: { text: 'On this one' }, claims: customer.claims })).status).toBe(201)
    const staff = await call(route('POST /api/admin/orders/{orderId}/updates'), { params: { orderId: order.orderId }, body: { status: 'order_created', notes: 'Called the customer' }, claims: admin.claims })
    expect(staff.status, staff.text).toBe(201)
  })

  it('the 21st note of a customer in one hour is a 429, whatever the order', async () => {
    const customer = await createTestUser('customer', 'Hank')
    const [a, b] = [await createOrder(customer.userId), await createOrder(customer.userId)]
    const orders = repo()
    const history = createOrderHistoryRepository(defaultTable())
    const now = new Date()
    for (let i = 0; i < 20; i++) {
      await addCustomerNote({ orders, history, orderId: (i % 2 ? a : b).orderId, customer: { userId: customer.userId }, text: `Hourly ${i + 1}`, now })
    }
    const refused = await addCustomerNote({ orders, history, orderId: a.orderId, customer: { userId: customer.userId }, text: 'Hourly 21', now }).catch((e) => e)
    expect(refused).toBeInstanceOf(TooManyRequestsError)

    const hour = () => new Date().toISOString().slice(0, 13)
    const asked = hour()
    const res = await call(ADD_NOTE, { params: { orderId: b.orderId }, body: { text: 'Hourly 21 by HTTP' }, claims: customer.claims })
    if (asked === now.toISOString().slice(0, 13) && hour() === asked) {
      expect(res).toMatchObject({ status: 429, body: { error: { code: 'too_many_requests', message: 'You have sent 20 notes in the last hour. Please wait a little before sending another.' } } })
      const notes = (await createStatusUpdateRepository(defaultTable()).listForOrder(b.orderId)).filter((u) => u.isCustomerNote)
      expect(notes).toHaveLength(10)
    } else {
      // The clock hour turned while the test ran: a new hour, a new count.
      expect(res.status).toBe(201)
    }
  })
})

describe("the customer's order list is paged", { timeout: 180_000 }, () => {
  it('45 orders: pages of 20, newest first, each once, one Query a page; deleted ones never shown nor shortening a page', async () => {
    const customer = await createTestUser('customer', 'Paige')
    const start = Date.parse('2025-06-01T00:00:00.000Z')
    const made: Order[] = []
    for (let i = 0; i < 45; i++) made.push(await createOrder(customer.userId, new Date(start + i * 86_400_000).toISOString()))
    // Deleted orders among them (soft deleted: they stay in the index).
    for (let i = 0; i < 6; i++) await createOrder(customer.userId, new Date(start + i * 7 * 86_400_000 + 3_600_000).toISOString(), { isDeleted: true })
    expect((await call(route('GET /api/me'), { claims: customer.claims })).status).toBe(200)
    const newestFirst = made.map((o) => o.orderId).reverse()

    const ids: string[] = []
    const sizes: number[] = []
    let cursor: string | null = null
    do {
      const res = await counted(CUSTOMER_ORDERS, { claims: customer.claims, query: cursor ? { cursor } : undefined })
      expect(res.status, res.text.slice(0, 300)).toBe(200)
      expect(res.sent).toEqual(['QueryCommand'])
      ids.push(...res.body.items.map((o: { id: string }) => o.id))
      sizes.push(res.body.items.length)
      cursor = res.body.cursor
    } while (cursor && sizes.length < 10)
    expect(sizes).toEqual([20, 20, 5])
    expect(ids).toEqual(newestFirst)

    const all = await counted(CUSTOMER_ORDERS, { claims: customer.claims, query: { limit: '100' } })
    expect(all.body).toMatchObject({ cursor: null })
    expect(all.body.items.map((o: { id: string }) => o.id)).toEqual(newestFirst)
    expect(all.sent).toEqual(['QueryCommand'])

    // Another customer's cursor, a tampered one, a bad limit: 400.
    const mine = (await call(CUSTOMER_ORDERS, { claims: customer.claims, query: { limit: '5' } })).body.cursor
    expect((await call(CUSTOMER_ORDERS, { claims: owner.claims, query: { cursor: mine } })).body).toEqual({ error: { code: 'validation_failed', message: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } } })
    expect((await call(CUSTOMER_ORDERS, { claims: customer.claims, query: { cursor: randomUUID() } })).status).toBe(400)
    expect((await call(CUSTOMER_ORDERS, { claims: customer.claims, query: { limit: '101' } })).body.error.message).toBe('limit must be between 1 and 100')
  })
})
