/**
 * Boxes awaiting intake through the real handlers (a table of this file's own, so the counts are exact): front desk
 * records that an order's box arrived (POST …/box-received), which lists it by its intake's due time (the close of the
 * next business day, shop time) in the same transaction; the list and its counts (GET /api/admin/book/awaiting-intake)
 * mark it overdue once the due time passes; Receive Firearm, a delete and an archive take it off; the reminder job,
 * driven by an injected clock, emails the shop once per overdue box, never twice, and never after the intake.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AwaitingIntakePage, Order as ApiOrder } from '../../shared/src/api-types.ts'
import { formatShopTime, intakeDueAt, intakeDueTexts as t } from '../../shared/src/intake-due.ts'
import { uuid } from '../../functions/db/ids.ts'
import { createAwaitingIntakeRepository } from '../../functions/db/repositories/awaiting-intake.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { createSettingsRepository } from '../../functions/db/repositories/settings.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
import { sendIntakeReminders } from '../../functions/notify/intake-reminders.ts'
import type { EmailMessage } from '../../functions/notify/transports.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { intakeBody } from './book-fixtures.ts'
import { useOwnTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = (key: string) => routes.find((r) => routeKey(r) === key)!
const SHOP_EMAIL = 'shop-intake@example.com'
const DAY = 86_400_000

let owner: TestUser
let frontDesk: TestUser
let gunsmith: TestUser
let customer: TestUser

/** An order waiting for its firearm, created `daysAgo` days ago (so a box can have arrived since). */
async function waitingOrder(daysAgo = 10, over: Partial<Order> = {}): Promise<Order> {
  const orders = createOrderRepository(defaultTable())
  const at = new Date(Date.now() - daysAgo * DAY).toISOString()
  return orders.createOrder(
    newOrder(
      {
        orderId: uuid(),
        orderNumber: await orders.nextOrderNumber(),
        customerId: customer.userId,
        customerName: 'Rita Q',
        customerEmail: customer.email,
        firearmMake: 'Ruger',
        firearmModel: 'GP100',
        serialNumber: `AW-${randomUUID().slice(0, 8)}`,
        serviceType: 'Repair',
        description: 'Timing',
        estimatedCostCents: 10_000,
        ...over,
      },
      { invoiceId: uuid(), at },
    ),
  )
}

const boxReceived = (orderId: string, body: Record<string, unknown>, who: TestUser = frontDesk) => call(route('POST /api/admin/orders/{orderId}/box-received'), { params: { orderId }, body, claims: who.claims })

async function list(who: TestUser = frontDesk, query: Record<string, string> = {}): Promise<AwaitingIntakePage> {
  const res = await call(route('GET /api/admin/book/awaiting-intake'), { query, claims: who.claims })
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return res.body
}

const getOrder = async (orderId: string): Promise<ApiOrder> => (await call(route('GET /api/admin/orders/{orderId}'), { params: { orderId }, claims: owner.claims })).body

function recorder() {
  const sent: EmailMessage[] = []
  return { sent, transport: { send: async (m: EmailMessage) => (sent.push(m), { messageId: `m-${sent.length}` }) } }
}

const reminders = (now: Date, email: ReturnType<typeof recorder>['transport']) =>
  sendIntakeReminders({
    awaiting: createAwaitingIntakeRepository(defaultTable()),
    orders: createOrderRepository(defaultTable()),
    settings: createSettingsRepository(defaultTable()),
    email: () => email,
    portalUrl: 'https://portal.test',
    now: () => now,
  })

beforeAll(async () => {
  await useOwnTable('gs-awaiting')
  owner = await createTestUser('admin', 'Olive')
  frontDesk = await createTestUser('admin', 'Fran', { staffRole: 'front_desk' })
  gunsmith = await createTestUser('admin', 'Gus', { staffRole: 'gunsmith' })
  customer = await createTestUser('customer', 'Rita')
  await createSettingsRepository(defaultTable()).saveSettings({ email: SHOP_EMAIL })
})

describe('box received → awaiting intake → intake', () => {
  it('lists the box by the close of the next business day, marks it overdue, and the intake takes it off', async () => {
    const o = await waitingOrder()
    const receivedAt = new Date(Date.now() - 6 * DAY).toISOString()
    const res = await boxReceived(o.orderId, { receivedAt })
    expect(res.status, res.text).toBe(200)
    const due = intakeDueAt(receivedAt)
    expect(res.body).toMatchObject({ boxReceivedAt: receivedAt, intakeDueAt: due })

    const page = await list()
    expect(page.awaiting).toBe(1)
    expect(page.overdue).toBe(1)
    expect(page.items).toEqual([expect.objectContaining({ orderId: o.orderId, orderNumber: o.orderNumber, receivedAt, dueAt: due, overdue: true, remindedAt: null })])
    expect((await list(owner)).items).toHaveLength(1)

    // A staff-only history entry (the customer never reads it) and an audit record.
    const updates = (await call(route('GET /api/admin/orders/{orderId}/updates'), { params: { orderId: o.orderId }, claims: owner.claims })).body
    const entry = (updates.items ?? updates).find((u: { status: string }) => u.status === 'box_received')
    expect(entry).toMatchObject({ internal: true, notes: t.historyNote(formatShopTime(receivedAt)) })
    const mine = (await call(route('GET /api/orders/{orderId}'), { params: { orderId: o.orderId }, claims: customer.claims })).body
    expect(mine).toMatchObject({ boxReceivedAt: null, intakeDueAt: null })

    // Twice is refused, and changes nothing.
    const again = await boxReceived(o.orderId, {})
    expect(again.status).toBe(400)
    expect(again.text).toContain(t.alreadyBoxReceived)

    const current = await getOrder(o.orderId)
    const intake = await call(route('POST /api/admin/orders/{orderId}/receive'), { params: { orderId: o.orderId }, body: intakeBody(current.version), claims: frontDesk.claims })
    expect(intake.status, intake.text).toBe(200)
    expect(intake.body.intakeDueAt).toBeNull()
    expect(await list()).toMatchObject({ awaiting: 0, overdue: 0, items: [] })
    // Received: no box to record any more.
    const late = await boxReceived(o.orderId, {})
    expect(late.status).toBe(400)
    expect(late.text).toContain(t.alreadyReceived)
  })

  it('a box received now is awaiting, not overdue', async () => {
    const o = await waitingOrder()
    expect((await boxReceived(o.orderId, {})).status).toBe(200)
    const page = await list()
    expect(page).toMatchObject({ awaiting: 1, overdue: 0 })
    expect(page.items[0]).toMatchObject({ orderId: o.orderId, overdue: false })
    // Deleting the order takes it off.
    const del = await call(route('DELETE /api/admin/orders/{orderId}'), { params: { orderId: o.orderId }, claims: owner.claims })
    expect(del.status, del.text).toBeLessThan(300)
    expect(await list()).toMatchObject({ awaiting: 0, items: [] })
  })

  it('archiving takes it off too', async () => {
    const o = await waitingOrder()
    expect((await boxReceived(o.orderId, {})).status).toBe(200)
    expect((await list()).awaiting).toBe(1)
    const arch = await call(route('POST /api/admin/orders/{orderId}/archive'), { params: { orderId: o.orderId }, claims: owner.claims })
    expect(arch.status, arch.text).toBeLessThan(300)
    expect((await list()).awaiting).toBe(0)
  })

  it('refuses a time in the future, before the order, or not a time; and a gunsmith', async () => {
    const o = await waitingOrder(2)
    for (const [receivedAt, message] of [
      [new Date(Date.now() + DAY).toISOString(), t.notInFuture],
      [new Date(Date.now() - 5 * DAY).toISOString(), t.notBeforeOrder],
      ['yesterday', 'ISO time'],
    ]) {
      const res = await boxReceived(o.orderId, { receivedAt })
      expect(res.status, res.text).toBe(400)
      expect(res.text).toContain(message)
    }
    expect((await boxReceived(o.orderId, {}, gunsmith)).status).toBe(403)
    expect((await call(route('GET /api/admin/book/awaiting-intake'), { claims: gunsmith.claims })).status).toBe(403)
    expect((await getOrder(o.orderId)).boxReceivedAt).toBeNull()
    expect((await list()).awaiting).toBe(0)
    // A cursor of another list is refused.
    const bad = await call(route('GET /api/admin/book/awaiting-intake'), { query: { cursor: 'm.eyJwayI6IngiLCJzayI6InkifQ' }, claims: frontDesk.claims })
    expect(bad.status).toBe(400)
  })

  it('receiving without a recorded box works as before', async () => {
    const o = await waitingOrder()
    const res = await call(route('POST /api/admin/orders/{orderId}/receive'), { params: { orderId: o.orderId }, body: intakeBody(o.version), claims: frontDesk.claims })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ boxReceivedAt: null, intakeDueAt: null })
  })
})

describe('the overdue reminder', () => {
  it('emails the shop once per overdue box, never twice, and not once the intake is recorded', async () => {
    const o = await waitingOrder()
    const other = await waitingOrder(10, { firearmMake: 'Smith & Wesson', firearmModel: '686' })
    const receivedAt = new Date(Date.now() - 60_000).toISOString()
    expect((await boxReceived(o.orderId, { receivedAt })).status).toBe(200)
    expect((await boxReceived(other.orderId, { receivedAt })).status).toBe(200)
    const due = new Date(intakeDueAt(receivedAt))
    const mail = recorder()

    // Before the due time: nothing.
    expect(await reminders(new Date(due.getTime() - 1_000), mail.transport)).toMatchObject({ due: 0, sent: 0 })
    // The intake of one of them before its due time: it is never reminded.
    const intake = await call(route('POST /api/admin/orders/{orderId}/receive'), { params: { orderId: other.orderId }, body: intakeBody((await getOrder(other.orderId)).version), claims: frontDesk.claims })
    expect(intake.status, intake.text).toBe(200)

    // After it: one email for the overdue box, to the shop's address.
    const later = new Date(due.getTime() + 60_000)
    const [a, b] = await Promise.all([reminders(later, mail.transport), reminders(later, mail.transport)])
    expect(a.sent + b.sent).toBe(1)
    expect(mail.sent).toHaveLength(1)
    const [m] = mail.sent
    expect(m.to).toBe(SHOP_EMAIL)
    expect(m.subject).toBe(t.emailSubject('Ruger GP100', o.orderNumber))
    expect(m.text).toContain(formatShopTime(receivedAt))
    expect(m.text).toContain(formatShopTime(due.toISOString()))
    expect(m.text).toContain(`https://portal.test/admin/manage-orders?order=${o.orderId}`)

    // Runs after that send nothing more; the list shows when the shop was told.
    expect(await reminders(new Date(later.getTime() + DAY), mail.transport)).toMatchObject({ sent: 0 })
    expect(mail.sent).toHaveLength(1)
    const row = (await list()).items.find((i) => i.orderId === o.orderId)!
    expect(row.remindedAt).toBe(later.toISOString())

    // The intake clears it; nothing is left to remind.
    expect((await call(route('POST /api/admin/orders/{orderId}/receive'), { params: { orderId: o.orderId }, body: intakeBody((await getOrder(o.orderId)).version), claims: frontDesk.claims })).status).toBe(200)
    expect(await reminders(new Date(later.getTime() + 2 * DAY), mail.transport)).toMatchObject({ due: 0, sent: 0 })
    expect((await list()).awaiting).toBe(0)
  })

  it('with no shop email, nothing is claimed: the reminder goes once one is set', async () => {
    await createSettingsRepository(defaultTable()).saveSettings({ email: '' })
    const o = await waitingOrder()
    const receivedAt = new Date(Date.now() - 60_000).toISOString()
    expect((await boxReceived(o.orderId, { receivedAt })).status).toBe(200)
    const later = new Date(Date.parse(intakeDueAt(receivedAt)) + 60_000)
    const mail = recorder()
    expect(await reminders(later, mail.transport)).toMatchObject({ due: 1, sent: 0, skipped: 'no_shop_email' })
    await createSettingsRepository(defaultTable()).saveSettings({ email: SHOP_EMAIL })
    expect(await reminders(later, mail.transport)).toMatchObject({ due: 1, sent: 1 })
    expect(mail.sent.map((m) => m.subject)).toEqual([t.emailSubject('Ruger GP100', o.orderNumber)])
  })
})
