/**
 * Issue 7 budget: every read route makes at most ONE DynamoDB request, never a
 * Scan. The group handlers run in this process (see quality-helpers.ts) with a
 * command observer on the one DynamoDB client (functions/db/client.ts).
 *
 * The account gate reads the caller's profile on a user's first request in a
 * container and caches the answer for ACCOUNT_GATE_TTL_SECONDS (30 s): each
 * route is called once to warm the container, then counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCommandObserver } from '../../functions/db/client.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { clearAccountCache } from '../../functions/lib/account-gate.ts'
import { ACCOUNT_INACTIVE } from '../../functions/lib/errors.ts'
import { routeKey, routes, type RouteDef } from '../../functions/routes.ts'
import { useStackTable } from './helpers.ts'
import { call, createTestUser, realParams, seedWorld, type TestUser, type World } from './quality-helpers.ts'

const MAX_REQUESTS_PER_READ = 1

/** Query strings the read routes need to do real work (required or meaningful parameters). */
const READ_QUERIES: Record<string, (w: World) => Record<string, string>> = {
  'GET /api/admin/invoices': (w) => ({ orderId: w.order.orderId }),
  'GET /api/orders/{orderId}/invoice': () => ({ shipping: 'false' }),
  'GET /api/admin/orders': () => ({ view: 'active', limit: '20' }),
  'GET /api/admin/payments': () => ({ sort: 'amount', direction: 'asc', page: '1' }),
}

/**
 * Read routes that cannot meet the budget yet, with the reason and the design change that fixes it.
 * Each stays visible as a todo below; nothing else may be added here without one.
 */
const OVER_BUDGET: Record<string, string> = {
  // TODO(issue 7): Query of the customer profiles + BatchGet of their latest orders (for a current status).
  // Fix: keep the latest order's status on the profile (written with every order status change, saveOrder and the
  // webhook's success transaction), then the list is the profiles Query alone.
  'GET /api/admin/customers': 'Query (customers) + BatchGetItem (their latest orders, for the current status)',
}

const readRoutes = routes.filter((r) => r.method === 'GET' && r.fn !== 'stripe-webhook')

let commands: string[] = []
const allCommands: string[] = []
let customer: TestUser
let admin: TestUser
let world: World
const savedTtl = process.env.ACCOUNT_GATE_TTL_SECONDS

beforeAll(async () => {
  useStackTable()
  // The production setting (the integration stack itself runs with the cache off: see global-setup.ts).
  delete process.env.ACCOUNT_GATE_TTL_SECONDS
  setCommandObserver((name) => {
    commands.push(name)
    allCommands.push(name)
  })
  clearAccountCache()
  customer = await createTestUser('customer')
  admin = await createTestUser('admin')
  world = await seedWorld(customer.userId, customer.email)
})

afterAll(() => {
  setCommandObserver(undefined)
  if (savedTtl === undefined) delete process.env.ACCOUNT_GATE_TTL_SECONDS
  else process.env.ACCOUNT_GATE_TTL_SECONDS = savedTtl
  clearAccountCache()
})

async function counted(route: RouteDef) {
  const input = { params: realParams(route, world), query: READ_QUERIES[routeKey(route)]?.(world), claims: route.access === 'admin' ? admin.claims : route.access === 'user' ? customer.claims : undefined }
  const warm = await call(route, input) // fills this container's account gate cache for the caller
  expect(warm.status, `${routeKey(route)} warm-up: ${warm.text.slice(0, 300)}`).toBe(200)
  commands = []
  const res = await call(route, input)
  expect(res.status, `${routeKey(route)}: ${res.text.slice(0, 300)}`).toBe(200)
  return [...commands]
}

describe('read budget: at most 1 DynamoDB request per read route, on a warm container (after the caller\'s first request)', () => {
  it('covers every GET route of the API groups', () => {
    expect(readRoutes.length).toBeGreaterThanOrEqual(15)
  })

  for (const route of readRoutes) {
    const key = routeKey(route)
    if (OVER_BUDGET[key]) {
      it.todo(`${key}: ≤ ${MAX_REQUESTS_PER_READ} request (today ${OVER_BUDGET[key]})`)
      continue
    }
    it(`${key}: ≤ ${MAX_REQUESTS_PER_READ} request, no Scan`, async () => {
      const sent = await counted(route)
      expect(sent, `${key} sent ${sent.join(', ')}`).not.toContain('ScanCommand')
      expect(sent.length, `${key} sent ${sent.join(', ')}`).toBeLessThanOrEqual(MAX_REQUESTS_PER_READ)
    })
  }

  it.todo('GET /api/payments/intents/{paymentIntentId} of a SUCCEEDED intent: ≤ 1 request (today GetItem of the checkout + BatchGetItem of its payments; fix: store the payment summaries on the checkout in the webhook success transaction)')

  it('the over-budget routes are measured, so the list above stays honest', async () => {
    for (const key of Object.keys(OVER_BUDGET)) {
      const route = readRoutes.find((r) => routeKey(r) === key)
      expect(route, `${key} is listed as over budget but is not a read route`).toBeDefined()
      const sent = await counted(route!)
      expect(sent).not.toContain('ScanCommand')
      // When this fails the route met the budget: remove it from OVER_BUDGET.
      expect(sent.length, `${key} sent ${sent.join(', ')}`).toBeGreaterThan(MAX_REQUESTS_PER_READ)
    }
  })
})

describe('the account gate cache that buys the budget', () => {
  const me = () => routes.find((r) => routeKey(r) === 'GET /api/me')!

  it('a cold container reads the profile (2 requests on GET /api/me), a warm one does not (1)', async () => {
    const u = await createTestUser('customer')
    clearAccountCache()
    commands = []
    expect((await call(me(), { claims: u.claims })).status).toBe(200)
    expect(commands).toEqual(['GetItemCommand', 'GetItemCommand'])
    commands = []
    expect((await call(me(), { claims: u.claims })).status).toBe(200)
    expect(commands).toEqual(['GetItemCommand'])
  })

  it('an archived user is refused at once by a cold container, by the container that archived them, and within the TTL by other warm ones', async () => {
    const u = await createTestUser('customer')
    clearAccountCache()
    expect((await call(me(), { claims: u.claims })).status).toBe(200)
    await createProfileRepository(defaultTable()).archiveProfile(u.userId) // elsewhere (another container)
    // This warm container still trusts its answer for up to ACCOUNT_GATE_TTL_SECONDS (30 s): documented, by design.
    expect((await call(me(), { claims: u.claims })).status).toBe(200)
    clearAccountCache() // a cold container
    expect(await call(me(), { claims: u.claims })).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: ACCOUNT_INACTIVE } } })

    const v = await createTestUser('customer')
    expect((await call(me(), { claims: v.claims })).status).toBe(200)
    const del = routes.find((r) => routeKey(r) === 'DELETE /api/admin/customers/{id}')!
    expect((await call(del, { params: { id: v.userId }, claims: admin.claims })).status).toBe(200)
    // Same container (the admin group shares the module in the local stack; in AWS the customer function's
    // containers see it within the TTL).
    expect((await call(me(), { claims: v.claims })).status).toBe(403)
  })

  it('with ACCOUNT_GATE_TTL_SECONDS=0 every request reads the profile', async () => {
    const u = await createTestUser('customer')
    process.env.ACCOUNT_GATE_TTL_SECONDS = '0'
    try {
      clearAccountCache()
      await call(me(), { claims: u.claims })
      commands = []
      await call(me(), { claims: u.claims })
      expect(commands).toHaveLength(2)
    } finally {
      delete process.env.ACCOUNT_GATE_TTL_SECONDS
    }
  })

  it('no route in this file ever issued a Scan', () => {
    expect(allCommands.length).toBeGreaterThan(0)
    expect(allCommands).not.toContain('ScanCommand')
  })
})
