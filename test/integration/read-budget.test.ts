/**
 * Read budget: every read route makes at most ONE DynamoDB request, never a Scan, counted by a command observer on
 * the one DynamoDB client after a warm-up request (docs/architecture.md, "What the quality suites rely on").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { coldStart } from './functions.ts'
import { ACCOUNT_INACTIVE } from '../../functions/lib/errors.ts'
import { isStaffRoute, routeKey, routes, type RouteDef } from '../../functions/routes.ts'
import { countCommands, isAccountGateRead, nextSecond, useStackTable } from './helpers.ts'
import { setCommandObserver } from './command-observer.ts'
import { intentEvent, sign } from './payments-fixtures.ts'
import { call, claimsFor, createTestUser, realParams, SAMPLE_BODIES, seedWorld, type TestUser, type World } from './quality-helpers.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import { createDevIntentRepository } from '../../functions/db/repositories/dev-intents.ts'

const MAX_REQUESTS_PER_READ = 1

/** Query strings the read routes need to do real work (required or meaningful parameters). */
const READ_QUERIES: Record<string, (w: World) => Record<string, string>> = {
  'GET /api/admin/invoices': (w) => ({ orderId: w.order.orderId }),
  'GET /api/orders/{orderId}/invoice': () => ({ shipping: 'false' }),
  'GET /api/admin/orders': () => ({ view: 'active', limit: '20' }),
  'GET /api/admin/reports/turnaround': () => ({ from: '2026-01', to: '2026-12' }),
  'GET /api/admin/payments': () => ({ sort: 'amount', direction: 'asc' }),
  // A page of the newest 100 (still one Query): this file's customer is on it while other files add customers.
  'GET /api/admin/customers': () => ({ limit: '100' }),
  'GET /api/admin/book/awaiting-intake': () => ({ limit: '25' }),
}

/**
 * Routes that need more than one request, and why. The admin payments page shows the stat cards of
 * the whole ledger (one Query of the counter items) next to a page of one of its indexes (one Query):
 * two partitions, so two requests, each of a fixed size (admin-payments-scale.test.ts).
 */
const REQUESTS_PER_READ: Record<string, number> = {
  'GET /api/admin/payments': 2,
  // An order's customer notifications live in the customer's partition (keyed by user): the order's key read
  // gives the customer (and the 404), then one Query of their notifications filtered on the order (≤ 200 read).
  'GET /api/admin/orders/{orderId}/notifications': 2,
  // The receivables' totals (one Query of the counter items) next to a page of the receivables index (one Query),
  // side by side (receivables.test.ts).
  'GET /api/admin/receivables': 2,
  // The staff dashboard (an owner's): the dashboard's counter items and the inbox's (one BatchGet), the receivables'
  // total shards (one Query), and the overdue count (one COUNT Query page of the promised-date index), side by side.
  'GET /api/admin/dashboard': 3,
  // The firearms missing from the A&D book: the count (one GetItem of its counter) next to a page of the list's items
  // (one Query), then the orders they name (one BatchGet of at most a page), so the rows are the orders as they stand.
  'GET /api/admin/book/missing': 3,
  // The Inbox, the same way: its count (one GetItem) next to a page of its items (one Query), then their orders (one BatchGet).
  'GET /api/admin/inbox': 3,
  // Condition photos are in the order's partition but apart from its page: the order's key read (the 404, the
  // customer's ownership), then one Query of at most PHOTOS_PER_ORDER photo records.
  'GET /api/admin/orders/{orderId}/photos': 2,
  // The price list (one Query of its partition, at most MAX_SERVICE_TYPES) next to the settings item (one GetItem:
  // the labor rate the pickers preview hours with), side by side.
  'GET /api/admin/service-types': 2,
  'GET /api/orders/{orderId}/photos': 2,
  // Boxes awaiting intake: a page of the list (one Query) next to its two counts (two COUNT Queries of the list's
  // keys, capped), then the orders the page names (one BatchGet of at most a page).
  'GET /api/admin/book/awaiting-intake': 4,
}

const readRoutes = routes.filter((r) => r.method === 'GET' && r.fn !== 'stripe-webhook')

let commands: string[] = []
const allCommands: string[] = []
let customer: TestUser
let admin: TestUser
let world: World

/** The file's observer: every route's own requests (the account gate's read of the caller left out). */
const observeRoutes = () =>
  countCommands((name) => {
    commands.push(name)
    allCommands.push(name)
  })

beforeAll(async () => {
  useStackTable()
  observeRoutes()
  customer = await createTestUser('customer')
  admin = await createTestUser('admin')
  // Its firearm received (seedWorld), so its A&D line (GET /api/admin/book/{orderId}) is there to read.
  world = await seedWorld(customer.userId, customer.email)
})


async function counted(route: RouteDef, params = realParams(route, world)) {
  const input = { params, query: READ_QUERIES[routeKey(route)]?.(world), claims: isStaffRoute(route) ? admin.claims : route.access === 'user' ? customer.claims : undefined }
  const warm = await call(route, input) // fills this container's account gate cache for the caller
  expect(warm.status, `${routeKey(route)} warm-up: ${warm.text.slice(0, 300)}`).toBe(200)
  commands = []
  const res = await call(route, input)
  expect(res.status, `${routeKey(route)}: ${res.text.slice(0, 300)}`).toBe(200)
  return { sent: [...commands], body: res.body }
}

const byKey = (key: string) => {
  const route = readRoutes.find((r) => routeKey(r) === key)
  expect(route, `${key} is not a read route`).toBeDefined()
  return route!
}

describe('read budget: at most 1 DynamoDB request per read route, on a warm container (after the caller\'s first request)', () => {
  it('covers every GET route of the API groups', () => {
    expect(readRoutes.length).toBeGreaterThanOrEqual(15)
  })

  for (const route of readRoutes) {
    const key = routeKey(route)
    const budget = REQUESTS_PER_READ[key] ?? MAX_REQUESTS_PER_READ
    it(`${key}: ≤ ${budget} request${budget > 1 ? 's' : ''}, no Scan`, async () => {
      const { sent } = await counted(route)
      expect(sent, `${key} sent ${sent.join(', ')}`).not.toContain('ScanCommand')
      expect(sent.length, `${key} sent ${sent.join(', ')}`).toBeLessThanOrEqual(budget)
    })
  }

  it('GET /api/admin/customers: one Query, and the rows still carry the latest order with its current status', async () => {
    const { sent, body } = await counted(byKey('GET /api/admin/customers'))
    expect(sent).toEqual(['QueryCommand'])
    const row = body.items.find((c: { id: string }) => c.id === customer.userId)
    expect(row).toMatchObject({ orderCount: 1, latestOrder: { id: world.order.orderId, currentStatus: 'work_complete', firearmMake: 'Colt', firearmModel: 'Python' } })
  })

  it('GET /api/payments/intents/{paymentIntentId} of a SUCCEEDED intent: one GetItem, with the recorded payments', async () => {
    const route = byKey('GET /api/payments/intents/{paymentIntentId}')
    const pending = await counted(route)
    expect(pending.sent).toEqual(['GetItemCommand'])
    expect(pending.body).toMatchObject({ status: 'pending', payments: [] })

    // Paid at the (dev) provider; the webhook (in process) records it: payments, order and checkout in one transaction.
    const intents = createDevIntentRepository(defaultTable())
    await intents.save({ ...(await intents.get(world.paymentIntentId))!, status: 'succeeded' })
    const webhook = routes.find((r) => r.fn === 'stripe-webhook')!
    const payload = JSON.stringify(intentEvent('payment_intent.succeeded', world.paymentIntentId, 1_000))
    const delivered = await call(webhook, { rawBody: payload, headers: { 'stripe-signature': sign(payload) } })
    expect(delivered).toMatchObject({ status: 200, body: { outcome: 'recorded' } })

    const succeeded = await counted(route)
    expect(succeeded.sent).toEqual(['GetItemCommand'])
    expect(succeeded.body).toMatchObject({
      status: 'succeeded',
      amountCents: 1_000,
      payments: [{ paymentIntentId: world.paymentIntentId, orderId: world.order.orderId, orderNumber: world.order.orderNumber, amountCents: 1_000, paymentMethod: 'Credit Card', paymentStatus: 'successful', receiptUrl: null, notes: null }],
    })
    expect(Object.keys(succeeded.body.payments[0]).sort()).toEqual(['amountCents', 'dispute', 'flag', 'fromProvider', 'kind', 'notes', 'orderId', 'orderNumber', 'paymentDate', 'paymentId', 'paymentIntentId', 'paymentMethod', 'paymentStatus', 'purpose', 'reason', 'receiptUrl', 'refundOf', 'refundedCents'])
    expect(succeeded.body.payments[0]).toMatchObject({ kind: 'payment', flag: null, refundedCents: 0, purpose: null, fromProvider: false, dispute: null })
  })
})

describe('the account gate: one read of the caller on every request, never cached', () => {
  const me = () => routes.find((r) => routeKey(r) === 'GET /api/me')!
  it('GET /api/me is the gate\'s consistent GetItem and the route\'s own, cold or warm', async () => {
    const u = await createTestUser('customer')
    let gateReads = 0
    setCommandObserver((name, _read, request) => {
      if (isAccountGateRead(name, request)) gateReads += 1
      commands.push(name)
    })
    try {
      await coldStart()
      for (let i = 0; i < 2; i++) {
        commands = []
        gateReads = 0
        expect((await call(me(), { claims: u.claims })).status).toBe(200)
        expect(commands).toEqual(['GetItemCommand', 'GetItemCommand'])
        expect(gateReads).toBe(1)
      }
    } finally {
      observeRoutes()
    }
  })

  it('an archived user is refused at the next request by a warm container, and sessions from before the archive stay ended after a restore', async () => {
    const u = await createTestUser('customer')
    await coldStart()
    expect((await call(me(), { claims: u.claims })).status).toBe(200)
    await nextSecond()
    await createProfileRepository(defaultTable()).archiveProfile(u.userId) // elsewhere (another container)
    expect(await call(me(), { claims: u.claims })).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: ACCOUNT_INACTIVE } } })

    const v = await createTestUser('customer')
    expect((await call(me(), { claims: v.claims })).status).toBe(200)
    await nextSecond()
    const del = routes.find((r) => routeKey(r) === 'DELETE /api/admin/customers/{id}')!
    expect((await call(del, { params: { id: v.userId }, claims: admin.claims })).status).toBe(200)
    expect((await call(me(), { claims: v.claims })).status).toBe(403)
    const restore = routes.find((r) => routeKey(r) === 'POST /api/admin/customers/{id}/restore')!
    expect((await call(restore, { params: { id: v.userId }, claims: admin.claims })).status).toBe(200)
    expect(await call(me(), { claims: v.claims })).toMatchObject({ status: 401, body: { error: { code: 'session_ended' } } })
    // A sign-in after the restore is let in.
    expect((await call(me(), { claims: claimsFor(v.userId, 'customer', v.email) })).status).toBe(200)
  })

  it('no route in this file ever issued a Scan', () => {
    expect(allCommands.length).toBeGreaterThan(0)
    expect(allCommands).not.toContain('ScanCommand')
  })
})
