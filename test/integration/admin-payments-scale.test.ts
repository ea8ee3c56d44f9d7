/**
 * The admin payments page at any ledger size (docs/api.md, GET /api/admin/payments): the stat cards
 * come from counters kept in the same transactions as the entries, never from reading the ledger; each
 * page is one Query of the index for its sort and status; exact ids are key lookups; text is a bounded,
 * filtered read. On a table of its own, so the counters can be checked against a full count.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { setCommandObserver } from './command-observer.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { createPaymentRepository } from '../../functions/db/repositories/payments.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Order, type Payment } from '../../functions/domain/order.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { runMigrations } from '../../functions/db/migrations/index.ts'
import { localDocumentClient } from '../../infra/local/table.ts'
import { countCommands, stack, useOwnTable, isAccountGateRead } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = routes.find((r) => routeKey(r) === 'GET /api/admin/payments')!
let admin: TestUser
const orders: Order[] = []
const customers: TestUser[] = []
let entries = 0

async function list(query: Record<string, string>) {
  const res = await call(route, { query, claims: admin.claims })
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return res.body as { items: Payment[]; cursor: string | null; total: number | null; pageSize: number; stats: Record<string, number> }
}

/** Every page of a listing, through its cursors, with the DynamoDB requests each page made. */
async function allPages(query: Record<string, string>) {
  const items: Payment[] = []
  const requests: string[][] = []
  let cursor: string | null = null
  do {
    const sent: string[] = []
    setCommandObserver((name, _read, request) => void (isAccountGateRead(name, request) || sent.push(name)))
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) })
    setCommandObserver(undefined)
    expect(page.items.length).toBeLessThanOrEqual(15)
    items.push(...page.items)
    requests.push(sent)
    cursor = page.cursor
  } while (cursor)
  return { items, requests }
}

const DAY = 86_400_000
const start = Date.parse('2026-09-01T10:00:00.000Z')

async function entry(o: Order, i: number, over: Partial<Payment> = {}): Promise<Payment> {
  const p: Payment = {
    orderId: o.orderId,
    paymentId: `shop_${randomUUID()}`,
    customerId: o.customerId,
    orderNumber: o.orderNumber,
    amountCents: 1_000 + ((i * 7_919) % 50_000),
    paymentDate: new Date(start + i * DAY + i * 1_000).toISOString(),
    paymentMethod: 'Cash',
    paymentStatus: 'successful',
    paymentIntentId: '',
    kind: 'payment',
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    firearmMake: o.firearmMake,
    firearmModel: o.firearmModel,
    serialNumber: o.serialNumber,
    description: o.description,
    ...over,
  }
  await createLedgerRepository(defaultTable()).importEntry(p)
  entries += 1
  return p
}

/** The test's own view of the table, on a client of its own (a Scan: only a test may, and only on its own table). */
const inspector = () => ({ table: defaultTable().table, client: localDocumentClient(stack().dynamoEndpoint) })

async function everything(): Promise<Payment[]> {
  return (await createService(inspector()).entities.payment.scan.go({ pages: 'all' })).data as Payment[]
}

beforeAll(async () => {
  await useOwnTable('gs-ledger-scale')
  // The production account-gate cache, so the counted requests are the route's own (observed per page below).
  countCommands(() => {})
  admin = await createTestUser('admin')
  // The account gate's first read of the caller, out of the way of the counted requests.
  expect((await call(route, { claims: admin.claims })).status).toBe(200)
  const repo = createOrderRepository(defaultTable())
  const people = [
    ['José', 'Smith'],
    ['amy', 'Zed'],
    ['', ''],
  ]
  for (const [firstName, lastName] of people) customers.push(await createTestUser('customer', firstName))
  const guns = [
    ['Colt', 'Python', 'CP-1001', 'Timing and cylinder lockup'],
    ['Glock', '19', 'GL 2002', 'Cerakote the slide'],
    ['Ruger', 'Mk IV', 'rg3003', 'Trigger job'],
  ]
  for (const [i, [make, model, serial, description]] of guns.entries()) {
    const c = customers[i]
    const name = `${people[i][0]} ${people[i][1]}`.trim()
    orders.push(
      await repo.createOrder(
        newOrder(
          { orderId: randomUUID(), orderNumber: await repo.nextOrderNumber(), customerId: c.userId, customerName: name, customerEmail: c.email, firearmMake: make, firearmModel: model, serialNumber: serial, serviceType: 'Repair', description, estimatedCostCents: 50_000 },
          { invoiceId: randomUUID() },
        ),
      ),
    )
  }
  // 45 entries over 45 days: 3 pages; a few pending and failed.
  for (let i = 0; i < 45; i++) await entry(orders[i % 3], i, i % 11 === 5 ? { paymentStatus: 'failed', kind: 'payment' } : i % 13 === 7 ? { paymentStatus: 'pending' } : {})
}, 120_000)

describe('GET /api/admin/payments at any size', () => {
  it('pages every sort and status through its index: each page one Query of at most 15, plus the counters, every entry once, in order', async () => {
    const all = await everything()
    const cases: Array<[Record<string, string>, (a: Payment, b: Payment) => number, (p: Payment) => boolean]> = [
      [{}, (a, b) => b.paymentDate.localeCompare(a.paymentDate), () => true],
      [{ sort: 'amount', direction: 'asc' }, (a, b) => a.amountCents - b.amountCents || a.paymentId.localeCompare(b.paymentId), () => true],
      [{ sort: 'amount', direction: 'desc', status: 'successful' }, (a, b) => b.amountCents - a.amountCents || b.paymentId.localeCompare(a.paymentId), (p) => p.paymentStatus === 'successful'],
      [{ status: 'failed' }, (a, b) => b.paymentDate.localeCompare(a.paymentDate), (p) => p.paymentStatus === 'failed'],
    ]
    for (const [query, order, keep] of cases) {
      const { items, requests } = await allPages(query)
      const expected = all.filter(keep).sort(order)
      expect(items.map((p) => p.paymentId), JSON.stringify(query)).toEqual(expected.map((p) => p.paymentId))
      for (const sent of requests) expect(sent, JSON.stringify(query)).toEqual(['QueryCommand', 'QueryCommand'])
    }
    // By customer: names without case or accents, a blank name as "unknown", then date.
    const { items } = await allPages({ sort: 'customer', direction: 'asc' })
    expect([...new Set(items.map((p) => p.customerName))]).toEqual(['amy Zed', 'José Smith', ''])
    const amy = items.filter((p) => p.customerName === 'amy Zed').map((p) => p.paymentDate)
    expect(amy).toEqual([...amy].sort())
  })

  it('keeps the stat cards equal to a full count through every kind of write, concurrent ones too', async () => {
    const ledger = createLedgerRepository(defaultTable())
    const payments = createPaymentRepository(defaultTable())
    const o = orders[0]
    // A card attempt: processing (a pending row), then declined (the pending row goes, a failed row comes).
    const intent = `pi_scale_${randomUUID().replace(/-/g, '').slice(0, 16)}`
    await payments.saveCheckout({ paymentIntentId: intent, customerId: o.customerId, orderIds: [o.orderId], allocations: [{ orderId: o.orderId, amountCents: 2_500 }], amountCents: 2_500, includeShipping: true, status: 'pending', mode: 'dev', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
    const row = (paymentId: string, paymentStatus: Payment['paymentStatus']): Payment => ({ ...(orderFields(o)), paymentId, amountCents: 2_500, paymentDate: new Date().toISOString(), paymentMethod: 'Credit Card', paymentStatus, paymentIntentId: intent, kind: 'payment' })
    const pendingId = `pay_${intent}_${o.orderId}`
    expect(await payments.applyCheckoutEvent(intent, { status: 'processing', eventId: 'evt_1', eventCreated: 1, at: new Date().toISOString(), ledger: { put: [row(pendingId, 'pending')], removePending: [] } })).toBe(true)
    // The same event again changes nothing in the counters.
    await payments.applyCheckoutEvent(intent, { status: 'processing', eventId: 'evt_1', eventCreated: 1, at: new Date().toISOString(), ledger: { put: [row(pendingId, 'pending')], removePending: [] } })
    expect(await payments.applyCheckoutEvent(intent, { status: 'failed', eventId: 'evt_2', eventCreated: 2, failureMessage: 'Your card was declined.', at: new Date().toISOString(), ledger: { put: [row(`${pendingId}_evt_2`, 'failed')], removePending: [{ orderId: o.orderId, paymentId: pendingId }] } })).toBe(true)

    // A staff refund of part of a payment, and concurrent shop payments on three orders.
    const fresh = (await createOrderRepository(defaultTable()).getOrder(o.orderId))!
    const source = (await everything()).find((p) => p.orderId === o.orderId && p.paymentStatus === 'successful' && p.kind === 'payment')!
    await ledger.write({
      order: { order: { ...fresh, version: fresh.version + 1 }, expected: fresh.version },
      refunded: { paymentId: source.paymentId, fromCents: 0, toCents: 700 },
      create: [{ ...source, paymentId: `ref_${randomUUID()}`, kind: 'refund', amountCents: 700, refundOf: source.paymentId, paymentStatus: 'pending', paymentDate: new Date().toISOString() }],
    })
    await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        const repo = createOrderRepository(defaultTable())
        for (let attempt = 0; ; attempt++) {
          const target = (await repo.getOrder(orders[i % 3].orderId))!
          try {
            await ledger.write({ order: { order: { ...target, version: target.version + 1 }, expected: target.version }, create: [{ ...(orderFields(target)), paymentId: `shop_${randomUUID()}`, amountCents: 100 + i, paymentDate: new Date().toISOString(), paymentMethod: 'Cash', paymentStatus: 'successful', paymentIntentId: '', kind: 'payment' }] })
            return
          } catch (err) {
            if (attempt > 20) throw err
          }
        }
      }),
    )

    const all = await everything()
    const successful = all.filter((p) => p.paymentStatus === 'successful')
    const kept = successful.filter((p) => (p.kind ?? 'payment') === 'payment' || p.kind === 'credit').reduce((s, p) => s + p.amountCents - (p.refundedCents ?? 0), 0)
    const today = new Date()
    const from = new Date(today.getTime() - 29 * 86_400_000).toISOString().slice(0, 10)
    const { stats, total } = await list({})
    expect(stats).toEqual({
      count: all.length,
      revenueCents: kept,
      successfulCount: successful.length,
      successRate: Math.round((successful.length / all.length) * 1000) / 10,
      last30DaysCount: all.filter((p) => p.paymentDate.slice(0, 10) >= from).length,
    })
    expect(total).toBe(all.length)
    expect(all.length).toBe(entries + 1 + 1 + 9)
    expect((await list({ status: 'pending' })).total).toBe(all.filter((p) => p.paymentStatus === 'pending').length)
    expect((await list({ status: 'failed' })).total).toBe(all.filter((p) => p.paymentStatus === 'failed').length)

    // The migration that starts the counters from a full count (a table from before them) gives the same cards.
    const migrated = await runMigrations(inspector())
    expect(migrated.map((m) => m.split(':')[0])).toEqual(['2026-11-ledger-indexes', '2026-11-ledger-counters', '2026-11-list-keys', '2026-11-unread-notifications', '2026-11-archived-customers', '2026-11-receivables', '2026-12-missing-from-book', '2026-12-service-types', '2026-12-work-dates'])
    expect((await list({})).stats).toEqual(stats)
    expect(await runMigrations(inspector())).toEqual([])
  }, 120_000)

  it('finds exact ids by key lookups, in any case and spacing: order number, order id, serial, email, intent', async () => {
    const all = await everything()
    const [colt, glock] = orders
    const ofOrder = (o: Order) => all.filter((p) => p.orderId === o.orderId).length
    for (const [search, count] of [
      [colt.orderNumber, ofOrder(colt)],
      [colt.orderId.toUpperCase(), ofOrder(colt)],
      ['gl-2002', ofOrder(glock)],
      [`  ${customers[1].email.toUpperCase()} `, all.filter((p) => p.customerId === customers[1].userId).length],
    ] as const) {
      const sent: string[] = []
      setCommandObserver((name, _read, request) => void (isAccountGateRead(name, request) || sent.push(name)))
      const r = await list({ search })
      setCommandObserver(undefined)
      expect(r.total, search).toBe(count)
      expect(r.items.length, search).toBe(Math.min(15, count))
      expect(sent, search).not.toContain('ScanCommand')
      expect(sent.length, `${search}: ${sent.join(',')}`).toBeLessThanOrEqual(3)
    }
    const intent = all.find((p) => p.paymentIntentId.startsWith('pi_scale_'))!.paymentIntentId
    expect((await list({ search: intent })).items.map((p) => p.paymentStatus)).toEqual(['failed'])
  })

  it('searches text (name, make, model, description) without case or accents, through bounded pages', async () => {
    const all = await everything()
    const jose = all.filter((p) => p.customerName.startsWith('José'))
    const { items, requests } = await allPages({ search: 'jose SMITH' })
    expect(new Set(items.map((p) => p.paymentId))).toEqual(new Set(jose.map((p) => p.paymentId)))
    expect(items).toHaveLength(jose.length)
    for (const sent of requests) {
      expect(sent).not.toContain('ScanCommand')
      // The counters, then one filtered Query reading at most the page's budget (TEXT_SEARCH_READ_BUDGET).
      expect(sent).toEqual(['QueryCommand', 'QueryCommand'])
    }
    // A search every entry matches pages as its sort does: full pages end at their last match (the
    // cursor is built from its keys, the hidden sort keys derived again), so none is skipped or repeated.
    for (const [sort, direction] of [['date', 'desc'], ['amount', 'asc'], ['customer', 'desc']]) {
      const plain = await allPages({ sort, direction })
      const searched = await allPages({ sort, direction, search: 'example.com' })
      expect(searched.items.map((p) => p.paymentId), sort).toEqual(plain.items.map((p) => p.paymentId))
      expect(searched.requests.length, sort).toBeGreaterThanOrEqual(3)
    }
    const cera = (await list({ search: 'cerakote' })).items
    expect(cera.length).toBeGreaterThan(0)
    expect(cera.map((p) => p.firearmMake)).toEqual(cera.map(() => 'Glock'))
    expect((await list({ search: 'nothing like this' })).items).toEqual([])
  })

  it('answers a cursor it did not give out with a 400, and a page never grows with the ledger', async () => {
    for (const cursor of ['junk', 'l.bm90LWEta2V5', 'o.99999']) {
      const res = await call(route, { query: { cursor }, claims: admin.claims })
      expect(res.status, cursor).toBe(400)
    }
    const first = JSON.stringify(await list({}))
    for (let i = 0; i < 20; i++) await entry(orders[1], 100 + i)
    expect(JSON.stringify(await list({})).length).toBeLessThan(first.length * 1.1)
  })
})

function orderFields(o: Order) {
  return { orderId: o.orderId, customerId: o.customerId, orderNumber: o.orderNumber, customerName: o.customerName, customerEmail: o.customerEmail, firearmMake: o.firearmMake, firearmModel: o.firearmModel, serialNumber: o.serialNumber, description: o.description }
}
