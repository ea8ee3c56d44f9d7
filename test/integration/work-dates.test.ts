/**
 * Dates, turnaround and the bench (docs/business-rules.md, "Dates, turnaround and the bench") through the real
 * handlers: the promised date (set at creation, intake and in the editor, cleared, refused when impossible, audited,
 * read by the customer), assignment (to active staff only, audited), a gunsmith's list is their bench and nothing
 * else, the overdue list, the turnaround counted once when the work first becomes ready, the dashboard counts kept
 * by the order writes (checked against a full count of the stored orders), and the migration that counts orders
 * stored before. On a table of its own, so every count can be exact.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrdersPage, DashboardCounts, Order as ApiOrder, TurnaroundReport } from '@gs/shared/api-types'
import { dateMessages } from '@gs/shared/dates'
import { daysBetween, isOpenWork, isOverdue, workBuckets, workMessages, workToday, WORK_BUCKETS } from '@gs/shared/work-dates'
import { routeKey, routes } from '../../functions/routes.ts'
import { uuid } from '../../functions/db/ids.ts'
import { createAuditRepository } from '../../functions/db/repositories/audit.ts'
import { createOrderRepository, toOrder } from '../../functions/db/repositories/orders.ts'
import { countWorkDates } from '../../functions/db/migrations/work-dates.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
import { localDocumentClient } from '../../infra/local/table.ts'
import { stack, useOwnTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = (key: string) => routes.find((r) => routeKey(r) === key)!
const DAY = 86_400_000
const dayOffset = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)

let owner: TestUser
let desk: TestUser
let gunsmith: TestUser
let otherSmith: TestUser
let customer: TestUser

const orders = () => createOrderRepository(defaultTable())

/** An order of the customer created `daysAgo` days ago (so its firearm may be received that long ago). */
async function seedOrder(daysAgo = 0, fields: Partial<Order> = {}): Promise<Order> {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString()
  const o = newOrder(
    { orderId: uuid(), orderNumber: await orders().nextOrderNumber(), customerId: customer.userId, customerName: 'Rita Q', customerEmail: customer.email, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: `WD-${randomUUID().slice(0, 8)}`, serviceType: 'Repair', description: 'Timing', estimatedCostCents: 10_000, ...fields } as never,
    { invoiceId: uuid(), at },
  )
  return orders().createOrder(o)
}

async function ok(key: string, input: Parameters<typeof call>[1], status = 200) {
  const res = await call(route(key), input)
  expect(res.status, `${key}: ${res.text.slice(0, 400)}`).toBe(status)
  return res.body
}

const getOrder = async (orderId: string, claims = owner.claims): Promise<ApiOrder> => ok('GET /api/admin/orders/{orderId}', { params: { orderId }, claims })
const patch = (orderId: string, body: Record<string, unknown>, claims = owner.claims, status = 200) => ok('PATCH /api/admin/orders/{orderId}', { params: { orderId }, body, claims }, status)
const assign = (orderId: string, gunsmithId: string | null, claims = desk.claims, status = 200) => ok('POST /api/admin/orders/{orderId}/assignment', { params: { orderId }, body: { gunsmithId }, claims }, status)
const list = (query: Record<string, string>, claims = owner.claims): Promise<AdminOrdersPage> => ok('GET /api/admin/orders', { query, claims })
const dashboard = (claims = owner.claims): Promise<DashboardCounts> => ok('GET /api/admin/dashboard', { claims })
const countOf = (d: DashboardCounts, key: string) => d.counts.find((c) => c.key === key)?.count

async function receive(o: { id: string; version: number }, receivedOn: string, extra: Record<string, unknown> = {}) {
  return ok('POST /api/admin/orders/{orderId}/receive', {
    params: { orderId: o.id },
    claims: desk.claims,
    body: { version: o.version, receivedOn, from: 'customer', fromAddress: { line1: '12 Main St', city: 'Austin', state: 'TX', postalCode: '78701' }, firearmType: 'revolver', firearmMake: 'Colt', firearmModel: 'Python', firearmCaliber: '.357', serialNumber: `R-${randomUUID().slice(0, 6)}`, ...extra },
  })
}

/** The test's own view of the table (a Scan: only a test may, on its own table). */
const inspector = () => ({ table: defaultTable().table, client: localDocumentClient(stack().dynamoEndpoint) })
async function storedOrders(): Promise<Order[]> {
  return (await createService(inspector()).entities.order.scan.go({ pages: 'all' })).data.map((i) => toOrder(i))
}

beforeAll(async () => {
  await useOwnTable('gs-work-dates')
  ;[owner, desk, gunsmith, otherSmith, customer] = await Promise.all([
    createTestUser('admin', 'Olive', { staffRole: 'owner' }),
    createTestUser('admin', 'Fran', { staffRole: 'front_desk' }),
    createTestUser('admin', 'Gus', { staffRole: 'gunsmith' }),
    createTestUser('admin', 'Hank', { staffRole: 'gunsmith' }),
    createTestUser('customer', 'Rita'),
  ])
}, 120_000)

describe('the promised date', () => {
  it('is set at creation, changed and cleared in the editor (audited), refused when it is no date, and read by the customer as the estimated completion', async () => {
    const created: ApiOrder = await ok('POST /api/admin/orders', {
      claims: desk.claims,
      body: { customerId: customer.userId, firearmMake: 'Glock', firearmModel: '19', serialNumber: `P-${randomUUID().slice(0, 6)}`, serviceType: 'Repair', description: 'Fix', estimatedCostCents: 5_000, promisedDate: '2027-01-05' },
    }, 201)
    expect(created.promisedDate).toBe('2027-01-05')

    const bad = await call(route('PATCH /api/admin/orders/{orderId}'), { params: { orderId: created.id }, body: { version: created.version, promisedDate: '2027-02-30' }, claims: owner.claims })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields.promisedDate).toBe(dateMessages.invalid)
    expect((await getOrder(created.id)).promisedDate).toBe('2027-01-05')

    const moved: ApiOrder = await patch(created.id, { version: created.version, promisedDate: '2027-01-12' })
    expect(moved.promisedDate).toBe('2027-01-12')
    const audit = await createAuditRepository(defaultTable()).listForOrder(created.id, { limit: 10 })
    expect(audit.items.some((e) => e.changes.some((c) => c.field === 'Promised date' && c.before === '2027-01-05' && c.after === '2027-01-12'))).toBe(true)

    const customerView: ApiOrder = await ok('GET /api/orders/{orderId}', { params: { orderId: created.id }, claims: customer.claims })
    expect(customerView.promisedDate).toBe('2027-01-12')
    expect(customerView.assignedToName).toBeNull()

    const cleared: ApiOrder = await patch(created.id, { version: moved.version, promisedDate: null })
    expect(cleared.promisedDate).toBeNull()
  })

  it('is set at intake (Receive Firearm)', async () => {
    const o = await seedOrder(1)
    const received: ApiOrder = await receive({ id: o.orderId, version: o.version }, dayOffset(0), { promisedDate: dayOffset(14) })
    expect(received.promisedDate).toBe(dayOffset(14))
  })
})

describe('assignment and the bench', () => {
  it('assigns to active staff only (a customer or an unknown id is a 400 that changes nothing), audited; a gunsmith cannot assign', async () => {
    const o = await seedOrder()
    for (const id of [customer.userId, uuid()]) {
      const res = await call(route('POST /api/admin/orders/{orderId}/assignment'), { params: { orderId: o.orderId }, body: { gunsmithId: id }, claims: desk.claims })
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe(workMessages.assigneeInvalid)
    }
    expect((await getOrder(o.orderId)).assignedTo).toBeNull()
    const assigned: ApiOrder = await assign(o.orderId, gunsmith.userId)
    expect(assigned).toMatchObject({ assignedTo: gunsmith.userId, assignedToName: `Gus ${gunsmith.profile.lastName}` })
    const audit = await createAuditRepository(defaultTable()).listForOrder(o.orderId, { limit: 10 })
    expect(audit.items.find((e) => e.action === 'order.assign')).toMatchObject({ summary: workMessages.assigned(`Gus ${gunsmith.profile.lastName}`), actorId: desk.userId })
    const refused = await call(route('POST /api/admin/orders/{orderId}/assignment'), { params: { orderId: o.orderId }, body: { gunsmithId: null }, claims: gunsmith.claims })
    expect(refused.status).toBe(403)
  })

  it("a gunsmith's list is their bench (open assigned orders, soonest promised first, undated last); another's order is a 404; the counter reads any bench", async () => {
    // A gunsmith of this test alone: nothing else is on their bench.
    const gunsmith = await createTestUser('admin', 'Gus', { staffRole: 'gunsmith' })
    const [late, soon, undated, theirs, finished] = await Promise.all([seedOrder(), seedOrder(), seedOrder(), seedOrder(), seedOrder()])
    await patch(late.orderId, { version: late.version, promisedDate: '2030-03-01' })
    await patch(soon.orderId, { version: soon.version, promisedDate: '2030-01-01' })
    for (const o of [late, soon, undated, finished]) await assign(o.orderId, gunsmith.userId)
    await assign(theirs.orderId, otherSmith.userId)
    // A finished order leaves the bench.
    const f = await getOrder(finished.orderId)
    const rec: ApiOrder = await receive(f, dayOffset(0))
    await patch(finished.orderId, { version: rec.version, currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Pays at pickup' })

    const bench = await list({}, gunsmith.claims)
    expect(bench.items.map((i) => i.id)).toEqual([soon.orderId, late.orderId, undated.orderId])
    expect(bench.items[0]).toMatchObject({ assignedToName: `Gus ${gunsmith.profile.lastName}`, promisedDate: '2030-01-01', overdue: false })
    // Whatever a gunsmith asks for, the list is their bench.
    expect((await list({ view: 'overdue' }, gunsmith.claims)).items.map((i) => i.id)).toEqual(bench.items.map((i) => i.id))
    expect((await list({ assignedTo: otherSmith.userId }, gunsmith.claims)).items.map((i) => i.id)).toEqual(bench.items.map((i) => i.id))

    const res = await call(route('GET /api/admin/orders/{orderId}'), { params: { orderId: theirs.orderId }, claims: gunsmith.claims })
    expect(res.status).toBe(404)
    expect((await getOrder(soon.orderId, gunsmith.claims)).id).toBe(soon.orderId)

    expect((await list({ assignedTo: gunsmith.userId }, desk.claims)).items.map((i) => i.id)).toEqual(bench.items.map((i) => i.id))
    expect((await list({ assignedTo: otherSmith.userId }, desk.claims)).items.map((i) => i.id)).toEqual([theirs.orderId])

    // Pages of one with a cursor reach the same orders; a cursor of another list is a 400.
    const first = await list({ limit: '1' }, gunsmith.claims)
    const second = await list({ limit: '1', cursor: first.cursor! }, gunsmith.claims)
    expect([first.items[0].id, second.items[0].id]).toEqual([soon.orderId, late.orderId])
    const forged = await call(route('GET /api/admin/orders'), { query: { cursor: 'w.bm90LWEtY3Vyc29y' }, claims: gunsmith.claims })
    expect(forged.status).toBe(400)
  })

  it('a gunsmith sets the status and the promised date of their order, nothing else', async () => {
    const o = await seedOrder()
    await assign(o.orderId, gunsmith.userId)
    const changed: ApiOrder = await patch(o.orderId, { version: (await getOrder(o.orderId)).version, promisedDate: '2031-05-05' }, gunsmith.claims)
    expect(changed.promisedDate).toBe('2031-05-05')
    await patch(o.orderId, { version: changed.version, estimatedCostCents: 1 }, gunsmith.claims, 403)
  })
})

describe('the overdue list', () => {
  it('lists open orders promised before today, longest overdue first; finished and future ones are not on it', async () => {
    const [older, old, future, done] = await Promise.all([seedOrder(20), seedOrder(20), seedOrder(), seedOrder(20)])
    await patch(older.orderId, { version: older.version, promisedDate: dayOffset(-10) })
    await patch(old.orderId, { version: old.version, promisedDate: dayOffset(-2) })
    await patch(future.orderId, { version: future.version, promisedDate: dayOffset(5) })
    const d = await patch(done.orderId, { version: done.version, promisedDate: dayOffset(-3) })
    const r: ApiOrder = await receive(d, dayOffset(-15))
    await patch(done.orderId, { version: r.version, currentStatus: 'ready_for_shipping', releaseOverrideReason: 'Paid by phone' })

    const page = await list({ view: 'overdue' })
    const ids = page.items.map((i) => i.id)
    expect(ids.indexOf(older.orderId)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(older.orderId)).toBeLessThan(ids.indexOf(old.orderId))
    expect(ids).not.toContain(future.orderId)
    expect(ids).not.toContain(done.orderId)
    expect(page.items.every((i) => i.overdue)).toBe(true)
    // Exactly the stored orders that are overdue.
    const today = workToday()
    expect(new Set(ids)).toEqual(new Set((await storedOrders()).filter((o) => isOverdue(o, today)).map((o) => o.orderId)))
  })
})

describe('turnaround', () => {
  it('counts days from receipt to ready once, when the work first becomes ready, under its month and service type', async () => {
    const o = await seedOrder(12, { serviceType: `Cerakote ${randomUUID().slice(0, 4)}` } as Partial<Order>)
    const received: ApiOrder = await receive({ id: o.orderId, version: o.version }, dayOffset(-12))
    const ready: ApiOrder = await patch(o.orderId, { version: received.version, currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Pays at pickup' })
    expect(ready.readyAt).not.toBeNull()
    const month = workToday().slice(0, 7)
    const row = async () => ((await ok('GET /api/admin/reports/turnaround', { query: { from: month, to: month }, claims: desk.claims })) as TurnaroundReport).rows.find((r) => r.serviceType === o.serviceType)
    expect(await row()).toEqual({ month, serviceType: o.serviceType, orders: 1, totalDays: daysBetween(dayOffset(-12), workToday()), averageDays: daysBetween(dayOffset(-12), workToday()) })
    // Back to work and ready again: still counted once, readyAt kept.
    const back: ApiOrder = await patch(o.orderId, { version: ready.version, currentStatus: 'in_progress' })
    const again: ApiOrder = await patch(o.orderId, { version: back.version, currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Pays at pickup' })
    expect(again.readyAt).toBe(ready.readyAt)
    expect((await row())?.orders).toBe(1)
  })

  it('refuses a bad range (400) and is for the counter only', async () => {
    for (const query of [{ from: '2026-13' }, { from: '2026-05', to: '2026-01' }, { from: '2020-01', to: '2026-01' }] as Record<string, string>[]) {
      const res = await call(route('GET /api/admin/reports/turnaround'), { query, claims: owner.claims })
      expect(res.status, JSON.stringify(query)).toBe(400)
    }
    expect((await call(route('GET /api/admin/reports/turnaround'), { claims: gunsmith.claims })).status).toBe(403)
    const report: TurnaroundReport = await ok('GET /api/admin/reports/turnaround', { claims: owner.claims })
    expect(report.months).toHaveLength(12)
    expect(report.to).toBe(workToday().slice(0, 7))
  })
})

describe('the staff dashboard', () => {
  it("the counter's counts are the stored orders' (kept by every order write); a gunsmith's are their bench's", async () => {
    const before = await dashboard()
    const o = await seedOrder(3)
    expect(countOf(await dashboard(), 'intake')).toBe(countOf(before, 'intake')! + 1)
    const r: ApiOrder = await receive({ id: o.orderId, version: o.version }, dayOffset(-1))
    const after = await dashboard()
    expect(countOf(after, 'intake')).toBe(countOf(before, 'intake'))
    expect(countOf(after, 'custody')).toBe(countOf(before, 'custody')! + 1)
    await patch(o.orderId, { version: r.version, currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Pays at pickup' })

    const stored = (await storedOrders()).filter((s) => !s.isDeleted)
    const d = await dashboard(desk.claims)
    for (const bucket of WORK_BUCKETS) expect(countOf(d, bucket), bucket).toBe(stored.filter((s) => workBuckets(s).includes(bucket)).length)
    expect(countOf(d, 'overdue')).toBe(stored.filter((s) => isOverdue(s, workToday())).length)
    expect(countOf(d, 'balanceDue')).toBe(stored.filter((s) => (s.storedInvoice?.balanceDueCents ?? 0) > 0).length)
    expect(d.counts.map((c) => c.key)).toEqual(['intake', 'custody', 'approval', 'ready', 'overdue', 'unread', 'balanceDue'])

    const mine = stored.filter((s) => s.assignedTo === gunsmith.userId && isOpenWork(s))
    const g = await dashboard(gunsmith.claims)
    expect(g.role).toBe('gunsmith')
    expect(countOf(g, 'assigned')).toBe((await list({ limit: '100' }, gunsmith.claims)).items.length)
    expect(countOf(g, 'overdue')).toBe(mine.filter((s) => isOverdue(s, workToday())).length)
    expect(countOf(g, 'assigned')).toBe(mine.length)
    expect(countOf(g, 'approval')).toBe(mine.filter((s) => s.approvalRequests.some((r) => r.status === 'pending')).length)
    expect(g.counts.map((c) => c.key)).toEqual(['assigned', 'overdue', 'approval'])
  })

  it('the migration counts orders stored before the counters once, and their turnaround', async () => {
    const o = await seedOrder(9, { serviceType: `Legacy ${randomUUID().slice(0, 4)}` } as Partial<Order>)
    const r: ApiOrder = await receive({ id: o.orderId, version: o.version }, dayOffset(-9))
    const ready: ApiOrder = await patch(o.orderId, { version: r.version, currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Pays at pickup' })
    // As an order stored before: no buckets, no readyAt; its count and turnaround taken back out.
    const { order, counter, turnaroundCounter } = createService(inspector()).entities
    await order.patch({ orderId: o.orderId }).remove(['workCounted', 'readyAt']).go()
    for (const b of ['custody', 'ready']) await counter.update({ name: `work#${b}` }).add({ value: -1 }).go()
    await turnaroundCounter.update({ scope: 'turnaround', month: ready.readyAt!.slice(0, 7), serviceType: o.serviceType }).add({ count: -1, totalDays: -9 }).go()

    const before = await dashboard()
    const { counted, ready: turned } = await countWorkDates(inspector())
    expect(counted).toBeGreaterThanOrEqual(1)
    expect(turned).toBeGreaterThanOrEqual(1)
    const after = await dashboard()
    expect(countOf(after, 'ready')).toBe(countOf(before, 'ready')! + 1)
    expect(countOf(after, 'custody')).toBe(countOf(before, 'custody')! + 1)
    const month = workToday().slice(0, 7)
    const report: TurnaroundReport = await ok('GET /api/admin/reports/turnaround', { query: { from: month, to: month }, claims: owner.claims })
    expect(report.rows.find((x) => x.serviceType === o.serviceType)).toMatchObject({ orders: 1, totalDays: 9 })
    // Again: nothing more.
    const { counted: again } = await countWorkDates(inspector())
    expect(again).toBe(0)
    expect(countOf(await dashboard(), 'ready')).toBe(countOf(after, 'ready'))
  })
})
