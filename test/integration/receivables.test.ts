/**
 * Receivables (docs/business-rules.md, "Receivables"): GET /api/admin/receivables gives
 * the totals and aging from counters every order write keeps in its own transaction, and one page of the
 * orders with a balance due through their index, oldest first. On a table of its own, so the totals can be
 * checked against a full count of the orders.
 */
import { randomUUID } from 'node:crypto'
import { RECEIVABLES_PAGE_SIZE, ageInDays, bucketOfAge, RECEIVABLE_BUCKETS, type ReceivablesPage } from '@gs/shared/receivables'
import { beforeAll, describe, expect, it } from 'vitest'
import { RECEIVABLE_COUNTER_SHARDS } from '../../functions/db/entities/receivable-counter.ts'
import { countReceivables } from '../../functions/db/migrations/receivables.ts'
import { orderItem } from '../../functions/db/repositories/orders.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { invoiceOf, type Order } from '../../functions/domain/order.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { localDocumentClient } from '../../infra/local/table.ts'
import { countCommands, stack, useOwnTable } from './helpers.ts'
import { intentEvent, orderRepo, seedCheckout, seedOrder, sign } from './payments-fixtures.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = (key: string) => routes.find((r) => routeKey(r) === key)!
const RECEIVABLES = route('GET /api/admin/receivables')
let admin: TestUser
let customer: TestUser
let requests: Array<{ command: string; items: number | undefined }> = []

const DAY = 86_400_000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString()

async function receivables(query: Record<string, string> = {}): Promise<ReceivablesPage> {
  const res = await call(RECEIVABLES, { query, claims: admin.claims })
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return res.body
}

async function allPages(query: Record<string, string> = {}) {
  const items: ReceivablesPage['items'] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const page: ReceivablesPage = await receivables({ ...query, ...(cursor ? { cursor } : {}) })
    expect(page.items.length).toBeLessThanOrEqual(RECEIVABLES_PAGE_SIZE)
    items.push(...page.items)
    cursor = page.cursor
    pages += 1
  } while (cursor)
  return { items, pages }
}

/** The test's own view of the table, on a client of its own (a Scan: only a test may, and only on its own table). */
const inspector = () => ({ table: defaultTable().table, client: localDocumentClient(stack().dynamoEndpoint) })
async function storedOrders(): Promise<Order[]> {
  const { toOrder } = await import('../../functions/db/repositories/orders.ts')
  return (await createService(inspector()).entities.order.scan.go({ pages: 'all' })).data.map((i) => toOrder(i))
}

/** The totals as a full count of the stored orders gives them: undeleted orders with a stored balance due. */
async function expectedTotals() {
  const now = new Date()
  const owed = (await storedOrders()).filter((o) => !o.isDeleted && (o.storedInvoice?.balanceDueCents ?? 0) > 0)
  const sum = (os: Order[]) => ({ count: os.length, balanceDueCents: os.reduce((a, o) => a + o.storedInvoice!.balanceDueCents, 0) })
  return {
    all: sum(owed),
    buckets: RECEIVABLE_BUCKETS.map((b) => ({ bucket: b.id, ...sum(owed.filter((o) => bucketOfAge(ageInDays(o.createdAt, now)) === b.id)) })),
  }
}

async function expectExact() {
  const page = await receivables()
  expect(page.totals).toEqual(await expectedTotals())
  return page
}

const byId = async (orderId: string) => (await orderRepo().getOrder(orderId))!

beforeAll(async () => {
  await useOwnTable('gs-receivables')
  countCommands((command, read) => requests.push({ command, items: read?.items }))
  ;[admin, customer] = await Promise.all([createTestUser('admin'), createTestUser('customer', 'Rita')])
  // The account gate's first read of the caller, out of the way of the counted requests.
  expect((await call(RECEIVABLES, { claims: admin.claims })).status).toBe(200)
}, 120_000)

describe('GET /api/admin/receivables', () => {
  const seeded: Order[] = []
  const AGES = [0, 1, 10, 30, 31, 45, 60, 61, 75, 90, 91, 120, 200, 400, 1000]

  it('totals and ages every order with a balance due, active and archived, exactly; paid-in-full and deleted ones are left out', async () => {
    expect((await receivables()).totals.all).toEqual({ count: 0, balanceDueCents: 0 })
    for (const [i, age] of AGES.entries()) {
      // The 75-day one still waits for its firearm: it is the one deleted below (a firearm in custody is not).
      const waiting = age === 75 ? { currentStatus: 'order_created' } : {}
      seeded.push(await seedOrder(customer.userId, { createdAt: daysAgo(age), estimatedCostCents: 10_000 + i * 1_111, customerName: 'Rita Receivable', isArchived: age === 45, ...waiting }))
    }
    // Paid in full and deleted: not owed.
    await seedOrder(customer.userId, { createdAt: daysAgo(5), amountPaidCents: 1_000_000 })
    await seedOrder(customer.userId, { createdAt: daysAgo(5), isDeleted: true, deletedAt: daysAgo(1) })

    const page = await expectExact()
    expect(page.totals.all.count).toBe(AGES.length)
    expect(page.totals.buckets.map((b) => b.count)).toEqual([4, 3, 3, 5])
    // Oldest first, each row with its age and bucket, the archived one too.
    expect(page.items.map((r) => r.ageDays)).toEqual([...AGES].reverse())
    const row = page.items.find((r) => r.orderId === seeded[5].orderId)!
    const inv = invoiceOf(seeded[5])
    expect(row).toMatchObject({ orderNumber: seeded[5].orderNumber, customerName: 'Rita Receivable', firearmMake: 'Colt', invoiceTotalCents: inv.totalCents, amountPaidCents: 0, balanceDueCents: inv.balanceDueCents, ageDays: 45, bucket: '31-60', isArchived: true, currentStatus: 'work_complete' })
    expect(page.asOf).toBe(new Date().toISOString().slice(0, 10))
  })

  it('filters one bucket (its rows only) and keeps the totals of all; newest first on asking', async () => {
    for (const b of RECEIVABLE_BUCKETS) {
      const { items } = await allPages({ bucket: b.id })
      expect(items.map((r) => r.bucket).every((x) => x === b.id), b.id).toBe(true)
      expect(items.length, b.id).toBe((await receivables()).totals.buckets.find((x) => x.bucket === b.id)!.count)
    }
    const desc = await receivables({ direction: 'desc', bucket: '0-30' })
    expect(desc.items.map((r) => r.ageDays)).toEqual([0, 1, 10, 30])
    expect(desc.totals.all.count).toBe(AGES.length)
  })

  it('moves with a shop payment, a discount, a refund, a reprice, a delete and a restore, in the same transactions', async () => {
    const o = seeded[2] // 10 days
    const pay = (orderId: string, amountCents: number) =>
      call(route('POST /api/admin/orders/{orderId}/payments'), { params: { orderId }, body: { requestId: randomUUID(), method: 'cash', amountCents }, claims: admin.claims })
    const partial = await pay(o.orderId, 2_500)
    expect(partial.status, partial.text).toBe(201)
    await expectExact()
    const full = await pay(o.orderId, invoiceOf(await byId(o.orderId)).balanceDueCents)
    expect(full.status, full.text).toBe(201)
    let page = await expectExact()
    expect(page.items.map((r) => r.orderId)).not.toContain(o.orderId)

    // A refund puts a balance back: the order is owed again.
    const refund = await call(route('POST /api/admin/orders/{orderId}/payments/{paymentId}/refunds'), {
      params: { orderId: o.orderId, paymentId: full.body.payment.paymentId },
      body: { requestId: randomUUID(), method: 'cash', amountCents: 1_000, reason: 'Overcharged', purpose: 'return' },
      claims: admin.claims,
    })
    expect(refund.status, refund.text).toBe(201)
    page = await expectExact()
    expect(page.items.find((r) => r.orderId === o.orderId)).toMatchObject({ balanceDueCents: 1_000, ageDays: 10 })

    const discount = await call(route('POST /api/admin/orders/{orderId}/adjustments'), { params: { orderId: seeded[6].orderId }, body: { requestId: randomUUID(), kind: 'discount', amountCents: 700, reason: 'Loyal customer' }, claims: admin.claims })
    expect(discount.status, discount.text).toBe(201)
    await expectExact()

    // Repriced: the 200-day-old order (90+) costs more.
    const old = await byId(seeded[12].orderId)
    const reprice = await call(route('PATCH /api/admin/orders/{orderId}'), { params: { orderId: old.orderId }, body: { version: old.version, estimatedCostCents: old.estimatedCostCents + 5_000 }, claims: admin.claims })
    expect(reprice.status, reprice.text).toBe(200)
    page = await expectExact()
    expect(page.items.find((r) => r.orderId === old.orderId)!.balanceDueCents).toBe(invoiceOf(old).balanceDueCents + 5_000)

    // Deleted: off the receivables; restored: back with its balance.
    const victim = seeded[8] // 75 days
    const del = await call(route('DELETE /api/admin/orders/{orderId}'), { params: { orderId: victim.orderId }, claims: admin.claims })
    expect(del.status, del.text).toBe(200)
    page = await expectExact()
    expect(page.items.map((r) => r.orderId)).not.toContain(victim.orderId)
    const deleted = await byId(victim.orderId)
    const restore = await call(route('POST /api/admin/orders/{orderId}/restore'), { params: { orderId: victim.orderId }, body: { version: deleted.version }, claims: admin.claims })
    expect(restore.status, restore.text).toBe(200)
    page = await expectExact()
    expect(page.items.find((r) => r.orderId === victim.orderId)!.balanceDueCents).toBe(invoiceOf(victim).balanceDueCents)

    // Archiving changes nothing owed.
    const archive = await call(route('POST /api/admin/orders/{orderId}/archive'), { params: { orderId: seeded[0].orderId }, claims: admin.claims })
    expect(archive.status, archive.text).toBe(200)
    page = await expectExact()
    expect(page.items.find((r) => r.orderId === seeded[0].orderId)).toMatchObject({ isArchived: true })
  })

  it('moves with a card payment recorded by the webhook, several orders of different ages in one transaction', async () => {
    const orders = [seeded[3], seeded[9], seeded[13]] // 30, 90 and 400 days
    const current = await Promise.all(orders.map((o) => byId(o.orderId)))
    const allocations = current.map((o, i) => ({ orderId: o.orderId, amountCents: i === 0 ? invoiceOf(o).balanceDueCents : 1_500 }))
    const checkout = await seedCheckout(customer.userId, allocations)
    const payload = JSON.stringify(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, checkout.amountCents))
    const delivered = await call(route('POST /api/webhooks/stripe'), { rawBody: payload, headers: { 'stripe-signature': sign(payload) } })
    expect(delivered, delivered.text).toMatchObject({ status: 200, body: { outcome: 'recorded' } })
    const page = await expectExact()
    expect(page.items.map((r) => r.orderId)).not.toContain(orders[0].orderId)
  })

  it('pages with cursors, oldest first, every order once; each page is two Queries of a fixed size', async () => {
    // Past a page: more orders, all today.
    for (let i = 0; i < RECEIVABLES_PAGE_SIZE; i++) await seedOrder(customer.userId, { estimatedCostCents: 5_000 + i })
    const expected = await expectedTotals()
    requests = []
    const { items, pages } = await allPages()
    expect(pages).toBe(2)
    expect(items.length).toBe(expected.all.count)
    expect(new Set(items.map((r) => r.orderId)).size).toBe(items.length)
    const dates = items.map((r) => r.invoiceDate)
    expect(dates).toEqual([...dates].sort())
    // Per page: the counters (every shard of the total and of at most 4 windows) and one page of the index.
    expect(requests.map((r) => r.command)).toEqual(['QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'])
    for (const r of requests) {
      expect(r.items).toBeTypeOf('number')
      expect(r.items!).toBeLessThanOrEqual(Math.max(RECEIVABLES_PAGE_SIZE, 5 * RECEIVABLE_COUNTER_SHARDS))
    }
  })

  it('answers a bad filter or cursor with a 400 and refuses customers', async () => {
    const bad = await call(RECEIVABLES, { query: { bucket: '90+' }, claims: admin.claims })
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message: 'bucket must be 0-30, 31-60, 61-90 or over-90' } } })
    for (const cursor of ['nope', Buffer.from(JSON.stringify({ pk: 'x', sk: 'y' })).toString('base64url')]) {
      const res = await call(RECEIVABLES, { query: { cursor }, claims: admin.claims })
      expect(res, cursor).toMatchObject({ status: 400, body: { error: { message: 'Invalid cursor' } } })
    }
    expect((await call(RECEIVABLES, { claims: customer.claims })).status).toBe(403)
  })

  it('the migration counts orders stored before the receivables, once, and exactly', async () => {
    const { order } = createService(defaultTable()).entities
    // Written as an older version did: no counted amount, so neither counted nor listed.
    const before = await seedOrder(customer.userId, { createdAt: daysAgo(50) })
    const legacy = [
      { ...before, orderId: randomUUID(), orderNumber: 'GS-900001', createdAt: daysAgo(3) },
      { ...before, orderId: randomUUID(), orderNumber: 'GS-900002', createdAt: daysAgo(150) },
      { ...before, orderId: randomUUID(), orderNumber: 'GS-900003', createdAt: daysAgo(40), isDeleted: true },
    ].map(({ receivableCents: _r, ...o }) => orderItem(o))
    for (const item of legacy) await order.put(item).go()
    const listed = (await allPages()).items.map((r) => r.orderId)
    for (const item of legacy) expect(listed).not.toContain(item.orderId)
    const { counted } = await countReceivables(inspector())
    expect(counted).toBe(2)
    const page = await expectExact()
    expect(page.totals.all.count).toBe(listed.length + 2)
    expect((await countReceivables(inspector())).counted).toBe(0)
    await expectExact()
  })
})
