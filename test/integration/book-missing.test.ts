/**
 * Firearms missing from the A&D book (docs/business-rules.md, "The A&D book"): orders stored before the book's rules
 * whose status says the firearm came in, with no intake, are listed (by the migration, or by their next write), never
 * changed; GET /api/admin/book/missing pages them with their count (a counter kept in the order's transaction), and
 * staff record each intake with the real date, which takes it off the list. On a table of its own, so the count
 * can be checked against every order stored.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { bookMessages } from '../../shared/src/book.ts'
import type { MissingFromBookPage } from '../../shared/src/api-types.ts'
import { listMissingFromBook } from '../../functions/db/migrations/missing-from-book.ts'
import { orderItem, toOrder } from '../../functions/db/repositories/orders.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
import { uuid } from '../../functions/db/ids.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { localDocumentClient } from '../../infra/local/table.ts'
import { testIntake } from '../support/orders.ts'
import { intakeBody } from './book-fixtures.ts'
import { stack, useOwnTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = (key: string) => routes.find((r) => routeKey(r) === key)!
let admin: TestUser
let customer: TestUser

const DAY = 86_400_000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString()
const dayOf = (iso: string) => iso.slice(0, 10)

/** The test's own view of the table, on a client of its own (a Scan: only a test may, and only on its own table). */
const inspector = () => ({ table: defaultTable().table, client: localDocumentClient(stack().dynamoEndpoint) })
const service = () => createService(inspector())

/** An order as an earlier version stored it (written around the repository): no `missingFromBook`, no book rules applied. */
async function legacyOrder(over: Partial<Order>): Promise<Order> {
  const o = newOrder(
    {
      orderId: uuid(),
      orderNumber: `GS-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
      customerId: customer.userId,
      customerName: 'Lee Legacy',
      customerEmail: customer.email,
      firearmMake: 'Browning',
      firearmModel: 'Hi-Power',
      serialNumber: `LG-${randomUUID().slice(0, 8)}`,
      serviceType: 'Repair',
      description: 'Sear work',
      estimatedCostCents: 10_000,
      ...over,
    },
    { invoiceId: uuid(), at: over.createdAt ?? new Date().toISOString() },
  )
  const item = orderItem(o)
  expect(item).not.toHaveProperty('missingFromBook')
  await service().entities.order.put(item).go()
  return o
}

async function missing(query: Record<string, string> = {}): Promise<MissingFromBookPage> {
  const res = await call(route('GET /api/admin/book/missing'), { query, claims: admin.claims })
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return res.body
}

/** Every order stored that is listed (a full Scan of the test's own table): what the count must say. */
async function listedInTable(): Promise<string[]> {
  const all = (await service().entities.order.scan.go({ pages: 'all' })).data.map((i) => toOrder(i))
  return all.filter((o) => o.missingFromBook && !o.isDeleted).map((o) => o.orderId)
}

async function expectCount(ids: string[]) {
  const page = await missing({ limit: '100' })
  expect(page.count).toBe(ids.length)
  expect(page.items.map((o) => o.orderId).sort()).toEqual([...ids].sort())
  expect((await listedInTable()).sort()).toEqual([...ids].sort())
  return page
}

const staff = (key: string, orderId: string, body?: unknown) => call(route(key), { params: { orderId }, body, claims: admin.claims })
const current = async (orderId: string) => (await staff('GET /api/admin/orders/{orderId}', orderId)).body

let a: Order
let b: Order
let c: Order
let deleted: Order

beforeAll(async () => {
  await useOwnTable('gs-book-missing')
  ;[admin, customer] = await Promise.all([createTestUser('admin', 'Maya'), createTestUser('customer', 'Lee')])
  a = await legacyOrder({ createdAt: daysAgo(30), currentStatus: 'in_progress' })
  b = await legacyOrder({ createdAt: daysAgo(29), currentStatus: 'shipped', firearmModel: 'Citori' })
  c = await legacyOrder({ createdAt: daysAgo(28), currentStatus: 'in_progress', firearmModel: 'A5' })
  deleted = await legacyOrder({ createdAt: daysAgo(27), currentStatus: 'work_complete', isDeleted: true, deletedAt: daysAgo(1) })
  // Not missing: waiting for the firearm, received (with an intake), paid before it came.
  await legacyOrder({ createdAt: daysAgo(26), currentStatus: 'order_created' })
  await legacyOrder({ createdAt: daysAgo(25), currentStatus: 'work_complete', intake: testIntake(dayOf(daysAgo(24))) })
  await legacyOrder({ createdAt: daysAgo(24), currentStatus: 'payment_received' })
}, 120_000)

describe('firearms missing from the A&D book', () => {
  it('an order stored before the list is listed by its next write, which changes nothing else; it cannot move on without its intake', async () => {
    expect(await missing()).toEqual({ count: 0, items: [], cursor: null })
    const note = await staff('POST /api/admin/orders/{orderId}/updates', c.orderId, { status: 'in_progress', notes: 'Waiting on a part' })
    expect(note.status, note.text).toBe(201)
    await expectCount([c.orderId])
    expect(await current(c.orderId)).toMatchObject({ currentStatus: 'in_progress', intake: null, missingFromBook: true })
    const moved = await staff('POST /api/admin/orders/{orderId}/updates', c.orderId, { status: 'work_complete' })
    expect(moved).toMatchObject({ status: 400, body: { error: { message: bookMessages.receiveFirst } } })
  })

  it('the migration lists the others once (not the deleted one, nor those that need no entry); run again it changes nothing', async () => {
    const first = await listMissingFromBook(inspector())
    expect(first.listed).toBe(2)
    const page = await expectCount([a.orderId, b.orderId, c.orderId])
    // The oldest order first.
    expect(page.items.map((o) => o.orderId)).toEqual([a.orderId, b.orderId, c.orderId])
    expect(page.items[1]).toMatchObject({ orderNumber: b.orderNumber, customerName: 'Lee Legacy', firearmMake: 'Browning', firearmModel: 'Citori', serialNumber: b.serialNumber, currentStatus: 'shipped', createdAt: b.createdAt, isArchived: false })
    // Nothing of the orders changed but the mark: same version, no entry.
    expect(await current(a.orderId)).toMatchObject({ version: a.version, currentStatus: 'in_progress', intake: null, missingFromBook: true })
    expect((await staff('GET /api/admin/book/{orderId}', a.orderId)).status).toBe(404)
    expect((await listMissingFromBook(inspector())).listed).toBe(0)
    await expectCount([a.orderId, b.orderId, c.orderId])
  })

  it('pages with cursors, a bounded page each; a cursor it did not give out is a 400', async () => {
    const first = await missing({ limit: '2' })
    expect(first).toMatchObject({ count: 3, cursor: expect.any(String) })
    expect(first.items.map((o) => o.orderId)).toEqual([a.orderId, b.orderId])
    const second = await missing({ limit: '2', cursor: first.cursor! })
    expect(second.items.map((o) => o.orderId)).toEqual([c.orderId])
    expect(second.cursor).toBeNull()
    for (const cursor of ['nope', `b.${first.cursor}`, 'm.eyJwayI6IngifQ']) {
      expect(await call(route('GET /api/admin/book/missing'), { query: { cursor }, claims: admin.claims })).toMatchObject({ status: 400, body: { error: { message: 'Invalid cursor' } } })
    }
    expect((await call(route('GET /api/admin/book/missing'), { query: { limit: '101' }, claims: admin.claims })).status).toBe(400)
    expect((await call(route('GET /api/admin/book/missing'), { claims: customer.claims })).status).toBe(403)
  })

  it('a payment that settles it keeps it listed; it is neither closed nor deleted without its intake', async () => {
    const paid = await staff('POST /api/admin/orders/{orderId}/payments', a.orderId, { requestId: randomUUID(), method: 'cash', amountCents: 12_500 })
    expect(paid.status, paid.text).toBe(201)
    expect(paid.body.order).toMatchObject({ currentStatus: 'payment_received', missingFromBook: true })
    await expectCount([a.orderId, b.orderId, c.orderId])
    const closed = await staff('PATCH /api/admin/orders/{orderId}', a.orderId, { version: paid.body.order.version, currentStatus: 'order_closed' })
    expect(closed).toMatchObject({ status: 400, body: { error: { message: bookMessages.receiveFirst } } })
    expect(await staff('DELETE /api/admin/orders/{orderId}', a.orderId)).toMatchObject({ status: 400, body: { error: { message: bookMessages.deleteMissing } } })
    await expectCount([a.orderId, b.orderId, c.orderId])
  })

  it('staff record the intake with the real date of receipt (not before the order, not ahead): it leaves the list, its status kept', async () => {
    const { version } = await current(a.orderId)
    const before = await staff('POST /api/admin/orders/{orderId}/receive', a.orderId, intakeBody(version, {}, { receivedOn: dayOf(daysAgo(32)) }))
    expect(before).toMatchObject({ status: 400, body: { error: { message: bookMessages.receivedBeforeOrder(dayOf(daysAgo(31))), fields: { receivedOn: bookMessages.receivedBeforeOrder(dayOf(daysAgo(31))) } } } })
    const ahead = await staff('POST /api/admin/orders/{orderId}/receive', a.orderId, intakeBody(version, {}, { receivedOn: dayOf(daysAgo(-3)) }))
    expect(ahead).toMatchObject({ status: 400, body: { error: { message: bookMessages.dateInFuture } } })
    await expectCount([a.orderId, b.orderId, c.orderId])

    const realDay = dayOf(daysAgo(29))
    const received = await staff('POST /api/admin/orders/{orderId}/receive', a.orderId, intakeBody(version, { firearmMake: 'Browning', firearmModel: 'Hi-Power' }, { receivedOn: realDay }))
    expect(received.status, received.text).toBe(200)
    expect(received.body).toMatchObject({ currentStatus: 'payment_received', intake: { receivedOn: realDay }, missingFromBook: false })
    const line = (await staff('GET /api/admin/book/{orderId}', a.orderId)).body
    expect(line.line).toMatchObject({ open: true, current: { acquiredOn: realDay } })
    expect(line.line.daysHeld).toBe(29)
    await expectCount([b.orderId, c.orderId])
  })

  it('one that already left: its intake, then its release, each dated when they happened', async () => {
    const { version } = await current(b.orderId)
    const received = await staff('POST /api/admin/orders/{orderId}/receive', b.orderId, intakeBody(version, {}, { receivedOn: dayOf(daysAgo(28)) }))
    expect(received.status, received.text).toBe(200)
    expect(received.body).toMatchObject({ currentStatus: 'shipped', missingFromBook: false, release: null })
    await expectCount([c.orderId])
    const released = await staff('POST /api/admin/orders/{orderId}/release', b.orderId, {
      version: received.body.version,
      releasedOn: dayOf(daysAgo(20)),
      method: 'ship',
      to: 'customer',
      toAddress: { line1: '9 Elm St', city: 'Provo', state: 'UT', postalCode: '84601' },
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      releaseOverrideReason: 'Paid at the time, before the portal',
    })
    expect(released.status, released.text).toBe(200)
    const line = (await staff('GET /api/admin/book/{orderId}', b.orderId)).body
    expect(line.entries.map((e: { kind: string }) => e.kind)).toEqual(['acquisition', 'disposition'])
    expect(line.line).toMatchObject({ open: false, current: { acquiredOn: dayOf(daysAgo(28)), disposedOn: dayOf(daysAgo(20)) } })
  })

  it('a deleted one comes back on the list when it is restored', async () => {
    const restored = await staff('POST /api/admin/orders/{orderId}/restore', deleted.orderId, { version: deleted.version })
    expect(restored.status, restored.text).toBe(200)
    expect(restored.body).toMatchObject({ currentStatus: 'work_complete', missingFromBook: true })
    await expectCount([c.orderId, deleted.orderId])
  })
})
