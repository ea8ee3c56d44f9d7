/**
 * The admin order lists at any size (docs/api.md, GET /api/admin/orders): every list, status, customer
 * and sort is one Query of its index per page (a customer's orders: their index filtered on the list);
 * order numbers, ids, serials and emails are key lookups; text is a bounded, filtered read. On a table of
 * its own, so the expected pages can be worked out from the orders this file wrote.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { setCommandObserver } from './command-observer.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { countCommands, useOwnTable, isAccountGateRead } from './helpers.ts'
import { bookEntriesFor } from '../support/orders.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = routes.find((r) => routeKey(r) === 'GET /api/admin/orders')!
let admin: TestUser
const customers: TestUser[] = []
const orders: Order[] = []

interface Listed {
  id: string
  orderNumber: string
  customerId: string
  customerName: string
  firearmMake: string
  firearmModel: string
  currentStatus: string
  createdAt: string
  updatedAt: string
}
type ListPage = { items: Listed[]; cursor: string | null; match: string | null }

async function list(query: Record<string, string>) {
  const res = await call(route, { query, claims: admin.claims })
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return res.body as ListPage
}

/** Every page of a listing, through its cursors, with the DynamoDB requests each page made. */
async function allPages(query: Record<string, string>, limit: number) {
  const items: Listed[] = []
  const requests: string[][] = []
  let cursor: string | null = null
  do {
    const sent: string[] = []
    setCommandObserver((name, _read, request) => void (isAccountGateRead(name, request) || sent.push(name)))
    const page = await list({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) })
    setCommandObserver(undefined)
    expect(page.items.length).toBeLessThanOrEqual(limit)
    items.push(...page.items)
    requests.push(sent)
    cursor = page.cursor
  } while (cursor)
  return { items, requests }
}

const MIN = 60_000
const start = Date.parse('2026-06-01T10:00:00.000Z')
const STATUSES = ['order_created', 'parts_needed', 'in_progress', 'work_complete', 'shipped'] as const
const GUNS = [
  ['Colt', 'Python', '.357 Magnum'],
  ['Glock', '19', '9mm'],
  ['Ruger', 'Mk IV', '.22 LR'],
  ['Smith & Wesson', 'Model 29', '.44 Magnum'],
] as const
const PEOPLE = [
  ['José', 'Smith', '(555) 010-1234'],
  ['Amy', 'Zed', '555 020 9999'],
  ['Bo', 'Lee', ''],
] as const

async function createOrders(n: number, from: number) {
  const repo = createOrderRepository(defaultTable())
  for (let i = from; i < from + n; i++) {
    const c = i % 3
    const [make, model, caliber] = GUNS[i % 4]
    const created = new Date(start + i * MIN).toISOString()
    // Updated in another order than created, each at its own minute.
    const updated = new Date(start + 100 * MIN + ((i * 37) % 61) * MIN + i).toISOString()
    const o: Order = {
      ...newOrder(
        {
          orderId: randomUUID(),
          orderNumber: await repo.nextOrderNumber(),
          customerId: customers[c].userId,
          customerName: `${PEOPLE[c][0]} ${PEOPLE[c][1]}`,
          customerEmail: customers[c].email,
          customerPhone: PEOPLE[c][2] || undefined,
          firearmMake: make,
          firearmModel: model,
          firearmCaliber: caliber,
          serialNumber: `SN-${String(i).padStart(3, '0')} ${i % 2 ? 'x' : 'Y'}`,
          serviceType: 'Repair',
          description: i % 5 === 0 ? 'Cerakote the slide' : 'Trigger job',
          estimatedCostCents: 10_000 + i,
        },
        { invoiceId: randomUUID(), at: created },
      ),
      currentStatus: STATUSES[i % 5],
      ...bookEntriesFor(STATUSES[i % 5]),
      isArchived: i % 4 === 3,
      archivedAt: i % 4 === 3 ? updated : undefined,
      updatedAt: updated,
    }
    orders.push(await repo.createOrder(o))
  }
}

beforeAll(async () => {
  await useOwnTable('gs-orders-search')
  // The counted requests are the route's own (countCommands leaves the account gate's read out).
  countCommands(() => {})
  admin = await createTestUser('admin')
  for (const [first] of PEOPLE) customers.push(await createTestUser('customer', first))
  await createOrders(60, 0)
  // The account gate's first read of the caller, out of the way of the counted requests.
  expect((await call(route, { claims: admin.claims })).status).toBe(200)
}, 180_000)

const view = (o: Order) => (o.isArchived ? 'archived' : 'active')

describe('GET /api/admin/orders at any size', () => {
  it('pages every list, sort, status and customer through its index: one Query a page, every order once, in order', async () => {
    for (const v of ['active', 'archived'] as const)
      for (const sort of ['created', 'updated'] as const)
        for (const direction of ['desc', 'asc'] as const)
          for (const status of ['', 'parts_needed'] as const)
            for (const customer of ['', customers[0].userId]) {
              const query = { view: v, sort, direction, ...(status ? { status } : {}), ...(customer ? { customerId: customer } : {}) }
              const key = (o: { createdAt: string; updatedAt: string }) => (sort === 'created' ? o.createdAt : o.updatedAt)
              const expected = orders
                .filter((o) => view(o) === v && (!status || o.currentStatus === status) && (!customer || o.customerId === customer))
                .sort((a, b) => (direction === 'asc' ? 1 : -1) * key(a).localeCompare(key(b)))
              const { items, requests } = await allPages(query, 7)
              expect(items.map((o) => o.id), JSON.stringify(query)).toEqual(expected.map((o) => o.orderId))
              for (const sent of requests) expect(sent, JSON.stringify(query)).toEqual(['QueryCommand'])
            }
  }, 300_000)

  it('finds order numbers, ids, serials and emails by key, in any case and spacing, within the filters', async () => {
    const o = orders.find((x) => view(x) === 'active')!
    const digits = String(Number(o.orderNumber.replace(/\D/g, '')))
    for (const search of [o.orderNumber, o.orderNumber.toLowerCase(), digits, o.orderId.toUpperCase(), ` ${o.serialNumber.toLowerCase().replace(/[\s-]/g, '')} `, o.serialNumber.replace(' ', '-')]) {
      const sent: string[] = []
      setCommandObserver((name, _read, request) => void (isAccountGateRead(name, request) || sent.push(name)))
      const r = await list({ search })
      setCommandObserver(undefined)
      expect(r, search).toMatchObject({ match: 'exact', cursor: null })
      expect(r.items.map((x) => x.id), search).toEqual([o.orderId])
      expect(sent, search).not.toContain('ScanCommand')
      expect(sent.length, `${search}: ${sent.join(',')}`).toBeLessThanOrEqual(3)
    }
    // The order is active: the archived list and another status do not show it.
    expect((await list({ search: o.orderNumber, view: 'archived' })).items).toEqual([])
    expect((await list({ search: o.orderNumber, status: o.currentStatus === 'shipped' ? 'in_progress' : 'shipped' })).items).toEqual([])

    // An email: that customer's orders of the list, paged through their index.
    const amy = customers[1]
    const { items, requests } = await allPages({ search: `  ${amy.email.toUpperCase()} `, sort: 'updated' }, 5)
    const expected = orders.filter((x) => x.customerId === amy.userId && view(x) === 'active').sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    expect(items.map((x) => x.id)).toEqual(expected.map((x) => x.orderId))
    for (const sent of requests) expect(sent).toEqual(['QueryCommand', 'QueryCommand'])
    expect((await list({ search: amy.email, customerId: customers[0].userId })).items).toEqual([])
  })

  it('searches text (a name with accents, a make, a model, a phone) through bounded pages', async () => {
    const cases: Array<[string, (o: Order) => boolean]> = [
      ['jose SMITH', (o) => o.customerName === 'José Smith'],
      ['colt', (o) => o.firearmMake === 'Colt'],
      ['mk iv', (o) => o.firearmModel === 'Mk IV'],
      ['smith & wesson', (o) => o.firearmMake === 'Smith & Wesson'],
      ['010-1234', (o) => o.customerName === 'José Smith'],
      ['cerakote', (o) => o.description.startsWith('Cerakote')],
    ]
    for (const [search, keep] of cases) {
      const { items, requests } = await allPages({ search, view: 'active' }, 6)
      const expected = orders.filter((o) => view(o) === 'active' && keep(o)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      expect(items.map((o) => o.id), search).toEqual(expected.map((o) => o.orderId))
      for (const sent of requests) {
        expect(sent, search).not.toContain('ScanCommand')
        // One filtered Query reading at most the page's budget (TEXT_SEARCH_READ_BUDGET), and a serial lookup of one word.
        expect(sent.length, search).toBeLessThanOrEqual(2)
      }
    }
    const page = await list({ search: 'python', status: 'parts_needed', sort: 'updated', direction: 'asc' })
    expect(page.match).toBe('text')
    const expected = orders.filter((o) => view(o) === 'active' && o.firearmModel === 'Python' && o.currentStatus === 'parts_needed').sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
    expect(page.items.map((o) => o.id)).toEqual(expected.map((o) => o.orderId))
    expect((await list({ search: 'nothing like this' })).items).toEqual([])
  })

  it('answers bad parameters and cursors it did not give out with a 400', async () => {
    const first = await list({ limit: '3' })
    const archivedFirst = await list({ limit: '3', view: 'archived' })
    for (const query of <Array<Record<string, string>>>[
      { cursor: 'junk' },
      { cursor: 'i.bm90LWEta2V5' },
      { cursor: 'o.5' },
      // Another list's, status's, sort's or customer's cursor.
      { cursor: archivedFirst.cursor! },
      { cursor: first.cursor!, status: 'shipped' },
      { cursor: first.cursor!, sort: 'updated' },
      { cursor: first.cursor!, customerId: customers[0].userId },
    ]) {
      const res = await call(route, { query, claims: admin.claims })
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(res.body.error.message).toBe('Invalid cursor')
    }
    for (const [query, message] of [
      [{ view: 'trash' }, 'view must be active, archived, deleted or overdue'],
      [{ status: 'lost' }, 'status must be one of the order statuses'],
      [{ sort: 'amount' }, 'sort must be created or updated'],
      [{ direction: 'sideways' }, 'direction must be desc or asc'],
      [{ limit: '500' }, 'limit must be between 1 and 100'],
    ] as const) {
      const res = await call(route, { query, claims: admin.claims })
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(res.body.error.message).toBe(message)
    }
  })

  it('answers pages that do not grow with the orders', async () => {
    const before = await list({})
    expect(before.items).toHaveLength(25)
    await createOrders(30, 60)
    const after = await list({})
    expect(after.items).toHaveLength(25)
    expect(JSON.stringify(after).length).toBeLessThan(JSON.stringify(before).length * 1.1)
  }, 120_000)
})
