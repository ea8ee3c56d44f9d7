/**
 * My Firearm Orders' search (docs/api.md, GET /api/orders?search=): a customer finds their own orders by firearm
 * make or model, serial number or order number, never another customer's, each page one Query of their order
 * index reading a bounded number of items. On a table of its own, so the expected pages are worked out from the
 * orders this file wrote.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_MAX_LENGTH } from '@gs/shared/schemas/paging'
import { setCommandObserver } from './command-observer.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { TEXT_SEARCH_READ_BUDGET } from '../../functions/domain/search.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { countCommands, isAccountGateRead, useOwnTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = routes.find((r) => routeKey(r) === 'GET /api/orders')!
let mine: TestUser
let theirs: TestUser
const orders: Order[] = []

type Listed = { id: string; orderNumber: string; customerId: string; firearmMake: string; firearmModel: string; serialNumber: string }
type ListPage = { items: Listed[]; cursor: string | null }

async function list(user: TestUser, query: Record<string, string>) {
  const res = await call(route, { query, claims: user.claims })
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return res.body as ListPage
}

/** Every page of a search through its cursors, with the DynamoDB requests (and their Limit) each page made. */
async function allPages(user: TestUser, search: string, limit: number) {
  const items: Listed[] = []
  const requests: Array<Array<{ name: string; index?: unknown; limit?: unknown }>> = []
  let cursor: string | null = null
  do {
    const sent: Array<{ name: string; index?: unknown; limit?: unknown }> = []
    setCommandObserver((name, _read, request) => void (isAccountGateRead(name, request) || sent.push({ name, index: request.IndexName, limit: request.Limit })))
    const page = await list(user, { search, limit: String(limit), ...(cursor ? { cursor } : {}) })
    setCommandObserver(undefined)
    expect(page.items.length).toBeLessThanOrEqual(limit)
    items.push(...page.items)
    requests.push(sent)
    cursor = page.cursor
  } while (cursor)
  return { items, requests }
}

const GUNS = [
  ['Colt', 'Python'],
  ['Glock', '19'],
  ['Ruger', 'Mk IV'],
  ['Smith & Wesson', 'Model 29'],
] as const
const start = Date.parse('2026-05-01T10:00:00.000Z')

async function createOrders() {
  const repo = createOrderRepository(defaultTable())
  // Both customers have the same firearms and look-alike serials: only the caller's may ever come back.
  for (let i = 0; i < 24; i++) {
    const owner = i % 3 === 2 ? theirs : mine
    const [make, model] = GUNS[i % 4]
    const o: Order = newOrder(
      {
        orderId: randomUUID(),
        orderNumber: await repo.nextOrderNumber(),
        customerId: owner.userId,
        customerName: owner.profile.firstName,
        customerEmail: owner.email,
        firearmMake: make,
        firearmModel: model,
        serialNumber: `AB-${String(100 + i)} ${i % 2 ? 'x' : 'Y'}`,
        serviceType: 'Repair',
        description: 'Trigger job',
        estimatedCostCents: 10_000,
      },
      { invoiceId: randomUUID(), at: new Date(start + i * 60_000).toISOString() },
    )
    orders.push(await repo.createOrder(o))
  }
}

const newestFirst = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt)
const ownMatching = (keep: (o: Order) => boolean) => orders.filter((o) => o.customerId === mine.userId && !o.isDeleted && keep(o)).sort(newestFirst)

beforeAll(async () => {
  await useOwnTable('gs-customer-search')
  countCommands(() => {})
  mine = await createTestUser('customer', 'Mina')
  theirs = await createTestUser('customer', 'Theo')
  await createOrders()
  // One of mine deleted by the shop: never listed, searched or not.
  const repo = createOrderRepository(defaultTable())
  const deleted = orders.find((o) => o.customerId === mine.userId && o.firearmMake === 'Colt')!
  const saved = await repo.saveOrder({ ...deleted, isDeleted: true, deletedAt: new Date().toISOString() }, deleted.version)
  orders[orders.indexOf(deleted)] = saved
  // The account gate's first reads of the callers, out of the way of the counted requests.
  await list(mine, {})
  await list(theirs, {})
}, 180_000)

describe('GET /api/orders?search= (My Firearm Orders)', () => {
  it('finds the caller’s orders by make, model, serial and order number, in any case and spacing, and no one else’s', async () => {
    const target = ownMatching((o) => o.firearmMake === 'Glock')[0]
    const digits = String(Number(target.orderNumber.replace(/\D/g, '')))
    const cases: Array<[string, (o: Order) => boolean]> = [
      ['colt', (o) => o.firearmMake === 'Colt'],
      ['SMITH & wesson', (o) => o.firearmMake === 'Smith & Wesson'],
      ['mk iv', (o) => o.firearmModel === 'Mk IV'],
      ['python', (o) => o.firearmModel === 'Python'],
      [target.serialNumber, (o) => o.orderId === target.orderId],
      [` ${target.serialNumber.toLowerCase().replace(/[\s-]/g, '')} `, (o) => o.orderId === target.orderId],
      [target.serialNumber.replace(' ', '-'), (o) => o.orderId === target.orderId],
      [target.orderNumber, (o) => o.orderId === target.orderId],
      [target.orderNumber.toLowerCase(), (o) => o.orderId === target.orderId],
      [`gs${digits}`, (o) => o.orderId === target.orderId],
    ]
    for (const [search, keep] of cases) {
      const expected = ownMatching(keep)
      expect(expected.length, search).toBeGreaterThan(0)
      const { items, requests } = await allPages(mine, search, 2)
      expect(items.map((o) => o.id), search).toEqual(expected.map((o) => o.orderId))
      expect(new Set(items.map((o) => o.customerId)), search).toEqual(new Set([mine.userId]))
      for (const sent of requests) {
        // One Query of the caller's order index, reading at most the search's budget.
        expect(sent.map((s) => s.name), search).toEqual(['QueryCommand'])
        expect(sent[0].index, search).toBe('gsi1')
        expect(sent[0].limit, search).toBeLessThanOrEqual(TEXT_SEARCH_READ_BUDGET)
      }
    }
  })

  it('never shows another customer’s order, whatever is typed', async () => {
    const other = orders.find((o) => o.customerId === theirs.userId)!
    for (const search of [other.serialNumber, other.orderNumber, other.orderId, theirs.email, 'Theo']) {
      expect((await allPages(mine, search, 5)).items, search).toEqual([])
    }
    // Theirs to them: the same search finds it.
    expect((await list(theirs, { search: other.serialNumber })).items.map((o) => o.id)).toEqual([other.orderId])
  })

  it('leaves deleted orders out and answers a search that matches nothing with an empty list', async () => {
    const deleted = orders.find((o) => o.isDeleted)!
    expect((await allPages(mine, deleted.serialNumber, 5)).items).toEqual([])
    expect((await allPages(mine, 'nothing like this', 5)).items).toEqual([])
    // A blank search is the whole list.
    const all = await list(mine, { search: '   ', limit: '100' })
    expect(all.items.map((o) => o.id)).toEqual(ownMatching(() => true).map((o) => o.orderId))
  })

  it('refuses a search that is too long and a cursor it did not give out, with a 400', async () => {
    const long = await call(route, { query: { search: 'x'.repeat(SEARCH_MAX_LENGTH + 1) }, claims: mine.claims })
    expect(long.status).toBe(400)
    const theirsPage = await list(theirs, { search: 'glock', limit: '1' })
    expect(theirsPage.cursor).toBeTruthy()
    const foreign = await call(route, { query: { search: 'glock', cursor: theirsPage.cursor! }, claims: mine.claims })
    expect(foreign.status).toBe(400)
    const junk = await call(route, { query: { search: 'glock', cursor: 'junk' }, claims: mine.claims })
    expect(junk.status).toBe(400)
  })
})
