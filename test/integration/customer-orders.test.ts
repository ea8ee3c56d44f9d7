import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Notification, type Order, type StatusUpdate } from '../../functions/domain/order.ts'
import { ADMIN, CUSTOMER, api, signIn, signUp, useStackTable } from './helpers.ts'
import { line, requestedExtra } from '../support/extra-work.ts'
import { bookEntriesFor } from '../support/orders.ts'

interface Customer {
  id: string
  token: string
  firstName: string
}

async function newCustomer(firstName: string): Promise<Customer> {
  const email = `cust-${randomUUID().slice(0, 8)}@example.com`
  await signUp(email, 'Password123!', { given_name: firstName, family_name: 'Tester' })
  const { AccessToken } = await signIn(email, 'Password123!')
  const me = await api('/api/me', { token: AccessToken })
  expect(me.status).toBe(200)
  return { id: me.body.id, token: AccessToken, firstName }
}

const repo = () => createOrderRepository(defaultTable())

async function createOrder(customerId: string, over: Partial<Order> = {}, extras: { updates?: Array<Partial<StatusUpdate>>; parts?: Array<{ name: string; unitCents: number; quantity: number }> } = {}) {
  const orders = repo()
  const orderNumber = await orders.nextOrderNumber()
  const orderId = uuid()
  const createdAt = over.createdAt ?? new Date().toISOString()
  const o: Order = newOrder({
    orderId,
    orderNumber,
    customerId,
    customerName: 'Test Customer',
    customerEmail: 't@example.com',
    firearmMake: 'Colt',
    firearmModel: '1911',
    serialNumber: 'SN1',
    serviceType: 'Repair',
    description: 'Fix it',
    estimatedCostCents: 10000,
    lines: (extras.parts ?? []).map((p) => line(p.unitCents, { name: p.name, quantity: p.quantity })),
    createdAt,
    ...bookEntriesFor(over.currentStatus ?? 'order_created'),
    ...over,
  }, { invoiceId: uuid(), at: createdAt })
  const updates = (extras.updates ?? [{ status: 'order_created', notes: 'Order created' }]).map((u, i) => {
    const at = new Date(Date.parse(createdAt) + i * 1000).toISOString()
    return { orderId, updateId: sortableId(Date.parse(at)), status: 'order_created', notes: '', createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at, updatedAt: at, ...u } as StatusUpdate
  })
  return orders.createOrder(o, { putUpdates: updates })
}

async function addNotification(userId: string, n: Partial<Notification> = {}, t = Date.now()) {
  const notification: Notification = { userId, notificationId: sortableId(t), title: 'Action Required: Additional Costs', message: 'Your order requires approval for additional costs: x', read: false, createdAt: new Date(t).toISOString(), ...n }
  return createNotificationRepository(defaultTable()).add(notification)
}

let a: Customer
let b: Customer
let adminToken: string
let older: Order
let pending: Order
let newest: Order

beforeAll(async () => {
  useStackTable()
  ;[a, b] = await Promise.all([newCustomer('Alice'), newCustomer('Bob')])
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
  older = await createOrder(a.id, { createdAt: '2026-01-01T00:00:00.000Z', currentStatus: 'work_complete' }, {
    updates: [
      { status: 'order_created', notes: 'Order created' },
      { status: 'work_complete', notes: 'Status updated to Work Complete - Admin' },
    ],
    parts: [{ name: 'Extractor', unitCents: 5000, quantity: 1 }, { name: 'Spring', unitCents: 3750, quantity: 2 }],
  })
  pending = await createOrder(a.id, {
    createdAt: '2026-02-01T00:00:00.000Z',
    currentStatus: 'parts_needed',
    ...requestedExtra(12500, 'pending', 'Replacement extractor and firing pin spring'),
  })
  newest = await createOrder(a.id, { createdAt: '2026-03-01T00:00:00.000Z' })
  await createOrder(a.id, { createdAt: '2026-04-01T00:00:00.000Z', isDeleted: true })
  await createOrder(b.id, { createdAt: '2026-05-01T00:00:00.000Z' })
})

describe('a customer\'s orders', () => {
  it('lists only the caller\'s undeleted orders, newest first, each with its invoice', async () => {
    const res = await api('/api/orders', { token: a.token })
    expect(res.status).toBe(200)
    expect(res.body.cursor).toBeNull()
    expect(res.body.items.map((o: { id: string }) => o.id)).toEqual([newest.orderId, pending.orderId, older.orderId])
    for (const o of res.body.items) {
      expect(o.customerId).toBe(a.id)
      expect(o.invoice).toMatchObject({ invoiceId: expect.any(String), invoiceNumber: expect.stringMatching(/^INV-\d{6}$/), totalCents: expect.any(Number) })
    }
    const bList = await api('/api/orders', { token: b.token })
    expect(bList.body.items).toHaveLength(1)
  })

  it('shows the order detail with updates (newest first), its lines, payments and the invoice', async () => {
    const res = await api(`/api/orders/${older.orderId}`, { token: a.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: older.orderId, orderNumber: older.orderNumber, currentStatus: 'work_complete', payments: [] })
    expect(res.body.updates.map((u: { notes: string }) => u.notes)).toEqual(['Status updated to Work Complete - Admin', 'Order created'])
    expect(res.body.lines.map((p: { name: string; lineTotalCents: number; state: string }) => [p.name, p.lineTotalCents, p.state]).sort()).toEqual([['Extractor', 5000, 'billed'], ['Spring', 7500, 'billed']])
    // parts 12500 → tax 7.75 % = 968.75 → 969 (half up)
    expect(res.body.invoice).toMatchObject({ serviceCents: 10000, partsCents: 12500, taxCents: 969, shippingCents: 2500, totalCents: 25969, balanceDueCents: 25969, paymentStatus: 'unpaid' })
  })

  it('lists the status history newest first', async () => {
    const res = await api(`/api/orders/${older.orderId}/updates`, { token: a.token })
    expect(res.status).toBe(200)
    expect(res.body.items.map((u: { status: string }) => u.status)).toEqual(['work_complete', 'order_created'])
  })

  it('previews the invoice with or without shipping', async () => {
    const withShipping = await api(`/api/orders/${older.orderId}/invoice`, { token: a.token })
    expect(withShipping.body).toMatchObject({ partsCents: 12500, taxCents: 969, shippingCents: 2500, totalCents: 25969 })
    const pickup = await api(`/api/orders/${older.orderId}/invoice?shipping=false`, { token: a.token })
    expect(pickup.status).toBe(200)
    expect(pickup.body).toMatchObject({ shippingCents: 0, totalCents: 25969 - 2500, invoiceNumber: older.invoiceNumber })
    const bad = await api(`/api/orders/${older.orderId}/invoice?shipping=maybe`, { token: a.token })
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } })
  })

  it('does not bill a pending additional cost', async () => {
    const res = await api(`/api/orders/${pending.orderId}/invoice`, { token: a.token })
    expect(res.body).toMatchObject({ partsCents: 0, taxCents: 0, totalCents: 12500 })
  })
})

describe('another customer\'s order is a 404 that leaks nothing and changes nothing', () => {
  it('for every customer route, and for an admin on the customer routes too', async () => {
    const before = await repo().getOrderDetail(pending.orderId)
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/orders/${pending.orderId}`],
      ['GET', `/api/orders/${pending.orderId}/updates`],
      ['POST', `/api/orders/${pending.orderId}/notes`, { text: 'sneaky' }],
      ['POST', `/api/orders/${pending.orderId}/approval`, { decision: 'approve' }],
      ['POST', `/api/orders/${pending.orderId}/approval`, { decision: 'reject', reason: 'no' }],
      ['GET', `/api/orders/${pending.orderId}/invoice`],
    ]
    for (const token of [b.token, adminToken]) {
      for (const [method, path, body] of calls) {
        const res = await api(path, { token, method, body })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.body).toEqual({ error: { code: 'not_found', message: 'Order not found' } })
      }
    }
    const after = await repo().getOrderDetail(pending.orderId)
    expect(after?.order.version).toBe(before?.order.version)
    expect(after?.order.approvalRequests.map((r) => r.status)).toEqual(['pending'])
    expect(after?.updates).toHaveLength(before!.updates.length)
  })

  it('answers an unknown or malformed id the same way', async () => {
    for (const id of [uuid(), 'not-a-uuid']) {
      const res = await api(`/api/orders/${id}`, { token: a.token })
      expect(res).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'Order not found' } } })
    }
  })

  it('needs a token', async () => {
    expect((await api('/api/orders')).status).toBe(401)
    expect((await api(`/api/orders/${pending.orderId}`)).status).toBe(401)
  })
})

describe('notes', () => {
  it('adds a trimmed customer note signed with the first name', async () => {
    const res = await api(`/api/orders/${newest.orderId}/notes`, { token: a.token, method: 'POST', body: { text: '  hi  ' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ orderId: newest.orderId, status: 'customer_note', notes: 'hi', createdBy: a.id, authorLabel: 'Alice', isCustomerNote: true })
    const updates = await api(`/api/orders/${newest.orderId}/updates`, { token: a.token })
    expect(updates.body.items[0]).toMatchObject({ id: res.body.id, notes: 'hi' })
    // A note does not change the order, so an admin's open edit is not made stale.
    expect((await repo().getOrder(newest.orderId))?.version).toBe(newest.version)
  })

  it('refuses an empty note with a clear message', async () => {
    const res = await api(`/api/orders/${newest.orderId}/notes`, { token: a.token, method: 'POST', body: { text: '   ' } })
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message: 'Note cannot be empty', fields: { text: 'Note cannot be empty' } } } })
    const missing = await api(`/api/orders/${newest.orderId}/notes`, { token: a.token, method: 'POST', body: {} })
    expect(missing.status).toBe(400)
  })
})

describe('additional-cost approval', () => {
  it('rejecting needs a reason', async () => {
    const res = await api(`/api/orders/${pending.orderId}/approval`, { token: a.token, method: 'POST', body: { decision: 'reject' } })
    expect(res).toMatchObject({ status: 400, body: { error: { message: 'Please provide a reason for rejecting the additional costs', fields: { reason: 'Please provide a reason for rejecting the additional costs' } } } })
  })

  it('approves a pending request once, then 409', async () => {
    const res = await api(`/api/orders/${pending.orderId}/approval`, { token: a.token, method: 'POST', body: { decision: 'approve' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: pending.orderId, additionalCostApprovalStatus: 'approved', additionalCostApprovalNote: 'Customer approved additional costs', additionalCostApprovalDate: expect.any(String) })
    // Now billed: parts 12500 + tax 969.
    expect(res.body.invoice).toMatchObject({ partsCents: 12500, taxCents: 969, totalCents: 10000 + 12500 + 969 + 2500 })
    const updates = await api(`/api/orders/${pending.orderId}/updates`, { token: a.token })
    expect(updates.body.items[0]).toMatchObject({ notes: 'Customer approved additional costs', authorLabel: 'Alice', isCustomerNote: true, status: 'costs_approved' })
    const again = await api(`/api/orders/${pending.orderId}/approval`, { token: a.token, method: 'POST', body: { decision: 'approve' } })
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: 'There is no pending approval request for this order' } } })
  })

  it('rejects a pending request with the reason', async () => {
    const o = await createOrder(a.id, requestedExtra(5000, 'pending'))
    const res = await api(`/api/orders/${o.orderId}/approval`, { token: a.token, method: 'POST', body: { decision: 'reject', reason: '  Too expensive  ' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ additionalCostApprovalStatus: 'rejected', additionalCostRejectionReason: 'Too expensive' })
    expect(res.body.invoice.partsCents).toBe(0)
    const detail = await api(`/api/orders/${o.orderId}`, { token: a.token })
    expect(detail.body.updates[0].notes).toBe('Customer rejected additional costs: Too expensive')
  })

  it('is a 409 when nothing is pending and a 400 for an unknown decision', async () => {
    const res = await api(`/api/orders/${newest.orderId}/approval`, { token: a.token, method: 'POST', body: { decision: 'approve' } })
    expect(res.status).toBe(409)
    const bad = await api(`/api/orders/${newest.orderId}/approval`, { token: a.token, method: 'POST', body: { decision: 'maybe' } })
    expect(bad.status).toBe(400)
  })
})

describe('notifications', () => {
  it('lists the caller\'s own, newest first, marks read, and refuses someone else\'s', async () => {
    const at = Date.now()
    const first = await addNotification(a.id, { title: 'Payment Received', read: false }, at)
    const second = await addNotification(a.id, { orderId: newest.orderId }, at + 1_000)
    await addNotification(b.id)

    const list = await api('/api/notifications', { token: a.token })
    expect(list.status).toBe(200)
    expect(list.body.items.map((n: { id: string }) => n.id)).toEqual([second.notificationId, first.notificationId])
    // Stored without the fields later notifications carry (kind, context…): read as none.
    expect(list.body.items[0]).toEqual({
      id: second.notificationId,
      orderId: newest.orderId,
      title: second.title,
      message: second.message,
      read: false,
      createdAt: second.createdAt,
      kind: null,
      essential: false,
      context: null,
      trackingUrl: null,
      carrier: null,
    })
    expect(list.body.unreadCount).toBe(2)

    const foreign = await api(`/api/notifications/${second.notificationId}/read`, { token: b.token, method: 'POST' })
    expect(foreign).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect((await api('/api/notifications', { token: a.token })).body.unreadCount).toBe(2)
    expect((await api(`/api/notifications/${sortableId()}/read`, { token: a.token, method: 'POST' })).status).toBe(404)

    const mark = await api(`/api/notifications/${second.notificationId}/read`, { token: a.token, method: 'POST' })
    expect(mark).toMatchObject({ status: 200, body: { id: second.notificationId, read: true } })
    const after = await api('/api/notifications', { token: a.token })
    expect(after.body.unreadCount).toBe(1)
    expect(after.body.items[0].read).toBe(true)

    expect((await api('/api/notifications', { token: b.token })).body.items).toHaveLength(1)
  })
})

describe('the seeded demo customer', () => {
  it('sees the demo orders in several states, one pending approval, and notifications', async () => {
    const { AccessToken } = await signIn(CUSTOMER.email, CUSTOMER.password)
    const res = await api('/api/orders', { token: AccessToken })
    expect(res.status).toBe(200)
    const items = res.body.items as Array<{ currentStatus: string; additionalCostApprovalStatus: string; additionalCostReason: string | null; createdAt: string; outboundTrackingNumber: string | null }>
    expect(items.length).toBeGreaterThanOrEqual(5)
    const statuses = new Set(items.map((o) => o.currentStatus))
    for (const s of ['order_created', 'in_progress', 'parts_needed', 'work_complete', 'payment_needed', 'shipped']) expect(statuses).toContain(s)
    const pendingOrders = items.filter((o) => o.additionalCostApprovalStatus === 'pending')
    expect(pendingOrders).toHaveLength(1)
    expect(pendingOrders[0].additionalCostReason).toBe('Replacement extractor and firing pin spring')
    expect(items.map((o) => o.createdAt)).toEqual([...items.map((o) => o.createdAt)].sort().reverse())

    const n = await api('/api/notifications', { token: AccessToken })
    expect(n.body.items.length).toBeGreaterThanOrEqual(2)
    expect(n.body.unreadCount).toBeGreaterThanOrEqual(1)
    expect(n.body.items.some((x: { title: string; message: string }) => x.title.startsWith('Action Required: Additional Costs — ') && x.message.startsWith('Your order requires approval for additional costs: Replacement extractor and firing pin spring\n'))).toBe(true)
  })
})
