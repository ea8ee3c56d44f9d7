/**
 * The admin customer list reads the profiles alone, so each profile keeps
 * its latest order (the newest undeleted one) with that order's CURRENT status,
 * written in the same transaction as every order write (functions/db/repositories/
 * latest-order.ts). Checked here through the API after each kind of write, and at
 * the repository under forced interleavings: a competing write is committed between
 * a writer's read of the profile and its transaction, exactly where a race would land.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { profileEntity } from '../../functions/db/entities/profile.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { createCheckoutReviewRepository } from '../../functions/db/repositories/checkout-review.ts'
import { createPaymentRepository } from '../../functions/db/repositories/payments.ts'
import { defaultTable, type TableConfig } from '../../functions/db/table.ts'
import type { Order } from '../../functions/domain/order.ts'
import { addStaffUpdate } from '../../functions/use-cases/add-staff-update.ts'
import { deleteOrder } from '../../functions/use-cases/delete-order.ts'
import { handleStripeEvent } from '../../functions/use-cases/handle-stripe-event.ts'
import { refreshStaleCustomerSummaries } from '../../infra/local/seed.ts'
import { ADMIN, CUSTOMER, api, signIn, useStackTable } from './helpers.ts'
import { balanceOf, deliver, intentEvent, orderRepo, seedCheckout, seedOrder } from './payments-fixtures.ts'
import { providerIntent } from '../support/provider.ts'
import { createTestUser } from './quality-helpers.ts'
import { bookEntriesFor } from '../support/orders.ts'
import { bookToday, intakeBody } from './book-fixtures.ts'

let adminToken: string

beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

const admin = (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { token: adminToken, ...init })

/** The customer's row in GET /api/admin/customers. */
async function row(email: string) {
  const res = await admin(`/api/admin/customers?search=${encodeURIComponent(email)}`)
  expect(res.status).toBe(200)
  const found = res.body.items.find((c: { email: string }) => c.email === email)
  expect(found, `${email} in the customer list`).toBeDefined()
  return found as { orderCount: number; latestOrder: { id: string; firearmMake: string; firearmModel: string; currentStatus: string; createdAt: string } | null }
}

async function newCustomer() {
  const t = randomUUID().slice(0, 8)
  const res = await admin('/api/admin/customers', { method: 'POST', body: { email: `sum-${t}@example.com`, password: 'Password1', firstName: 'Sum', lastName: `Mary${t}` } })
  expect(res.status).toBe(201)
  return res.body as { id: string; email: string }
}

async function newOrder(customerId: string, over: Record<string, unknown> = {}) {
  const res = await admin('/api/admin/orders', {
    method: 'POST',
    body: { customerId, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: `SN-${randomUUID().slice(0, 6)}`, serviceType: 'Repair', description: 'Timing', estimatedCostCents: 10_000, ...over },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: string; version: number; createdAt: string; invoice: { balanceDueCents: number } }
}

/** The profile's stored summary, read strongly consistent. */
async function storedSummary(customerId: string) {
  const { data } = await profileEntity(defaultTable()).get({ userId: customerId }).go({ consistent: true })
  return { orderCount: data?.orderCount, latestOrderId: data?.latestOrderId, ...data?.latestOrderSummary }
}

/** The invariant: the profile shows the newest undeleted order of `orders`, at its stored version and status. */
async function expectSummaryCurrent(customerId: string, orderIds: string[]) {
  const stored = (await orderRepo().getOrders(orderIds)).filter((o) => !o.isDeleted)
  const newest = stored.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0]
  const summary = await storedSummary(customerId)
  expect(summary).toMatchObject({ orderCount: stored.length, latestOrderId: newest.orderId, currentStatus: newest.currentStatus, version: newest.version, firearmMake: newest.firearmMake, firearmModel: newest.firearmModel, createdAt: newest.createdAt })
}

/**
 * The default table through a client that runs `competitor` (with the normal client) just
 * before this client's first transaction is sent: after the writer has read the profile
 * and planned, before it commits. Counts the transactions sent.
 */
function interleaved(competitor: () => Promise<unknown>): { table: TableConfig; transactions: () => number } {
  const real = defaultTable()
  let sent = 0
  const client = {
    send: async (command: { constructor: { name: string } }, options?: unknown) => {
      if (command.constructor.name === 'TransactWriteCommand' && sent++ === 0) await competitor()
      return (real.client.send as (c: unknown, o?: unknown) => Promise<unknown>)(command, options)
    },
  }
  return { table: { table: real.table, client: client as unknown as TableConfig['client'] }, transactions: () => sent }
}

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString()

describe('GET /api/admin/customers shows the latest order with its current status (one Query)', () => {
  it('after create, an admin status change, a staff message, an edit of make and model, and archiving', async () => {
    const c = await newCustomer()
    expect(await row(c.email)).toMatchObject({ orderCount: 0, latestOrder: null })
    const o = await newOrder(c.id)
    expect(await row(c.email)).toMatchObject({ orderCount: 1, latestOrder: { id: o.id, currentStatus: 'order_created', createdAt: o.createdAt } })

    // The make and model, edited before the intake (the A&D book's afterwards: a correction).
    expect((await admin(`/api/admin/orders/${o.id}`, { method: 'PATCH', body: { version: 1, firearmMake: 'Ruger', firearmModel: 'GP100' } })).status).toBe(200)
    expect((await row(c.email)).latestOrder).toMatchObject({ id: o.id, firearmMake: 'Ruger', firearmModel: 'GP100', currentStatus: 'order_created' })

    expect((await admin(`/api/admin/orders/${o.id}/receive`, { method: 'POST', body: intakeBody(2, { firearmMake: 'Ruger', firearmModel: 'GP100' }) })).status).toBe(200)
    expect((await row(c.email)).latestOrder).toMatchObject({ id: o.id, currentStatus: 'firearm_received' })

    expect((await admin(`/api/admin/orders/${o.id}`, { method: 'PATCH', body: { version: 3, currentStatus: 'in_progress' } })).status).toBe(200)
    expect((await row(c.email)).latestOrder).toMatchObject({ id: o.id, currentStatus: 'in_progress' })

    expect((await admin(`/api/admin/orders/${o.id}/updates`, { method: 'POST', body: { status: 'work_complete' } })).status).toBe(201)
    expect((await row(c.email)).latestOrder).toMatchObject({ id: o.id, firearmMake: 'Ruger', firearmModel: 'GP100', currentStatus: 'work_complete' })

    // Archived orders still count and can be the latest (as before): archiving changes nothing shown.
    expect((await admin(`/api/admin/orders/${o.id}/archive`, { method: 'POST' })).status).toBe(200)
    expect(await row(c.email)).toMatchObject({ orderCount: 1, latestOrder: { id: o.id, currentStatus: 'work_complete' } })
    expect((await admin(`/api/admin/orders/${o.id}/unarchive`, { method: 'POST' })).status).toBe(200)
    await expectSummaryCurrent(c.id, [o.id])
  })

  it('after a newer order is created, then after a change to the older one (which is no longer shown)', async () => {
    const c = await newCustomer()
    const older = await newOrder(c.id, { firearmModel: 'Older' })
    const newer = await newOrder(c.id, { firearmModel: 'Newer' })
    expect(await row(c.email)).toMatchObject({ orderCount: 2, latestOrder: { id: newer.id, firearmModel: 'Newer', currentStatus: 'order_created' } })
    // The older one's firearm received and shipped (Release Firearm).
    const received = await admin(`/api/admin/orders/${older.id}/receive`, { method: 'POST', body: intakeBody(1, { firearmModel: 'Older' }) })
    expect(received.status).toBe(200)
    const shipped = await admin(`/api/admin/orders/${older.id}/release`, {
      method: 'POST',
      body: { version: received.body.version, releasedOn: bookToday(), method: 'ship', to: 'customer', toAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' }, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', releaseOverrideReason: 'Paid at the counter' },
    })
    expect(shipped.status).toBe(200)
    expect(await row(c.email)).toMatchObject({ orderCount: 2, latestOrder: { id: newer.id, currentStatus: 'order_created' } })
    // Deleting the latest shows the previous one with ITS current status (not the one it had when created).
    expect((await admin(`/api/admin/orders/${newer.id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await row(c.email)).toMatchObject({ orderCount: 1, latestOrder: { id: older.id, firearmModel: 'Older', currentStatus: 'shipped' } })
    expect((await admin(`/api/admin/orders/${older.id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await row(c.email)).toMatchObject({ orderCount: 0, latestOrder: null })
  })

  it('after the webhook records a payment in full (payment_received), and not after a partial one', async () => {
    const c = await newCustomer()
    const o = await newOrder(c.id)
    expect((await admin(`/api/admin/orders/${o.id}/receive`, { method: 'POST', body: intakeBody(1) })).status).toBe(200)
    expect((await admin(`/api/admin/orders/${o.id}`, { method: 'PATCH', body: { version: 2, currentStatus: 'work_complete' } })).status).toBe(200)
    const partial = await seedCheckout(c.id, [{ orderId: o.id, amountCents: 1_000 }])
    expect((await deliver(intentEvent('payment_intent.succeeded', partial.paymentIntentId, 1_000))).body).toMatchObject({ outcome: 'recorded' })
    expect((await row(c.email)).latestOrder).toMatchObject({ id: o.id, currentStatus: 'work_complete' })
    await expectSummaryCurrent(c.id, [o.id])

    const due = balanceOf((await orderRepo().getOrder(o.id))!)
    const full = await seedCheckout(c.id, [{ orderId: o.id, amountCents: due }])
    expect((await deliver(intentEvent('payment_intent.succeeded', full.paymentIntentId, due))).body).toMatchObject({ outcome: 'recorded' })
    expect((await row(c.email)).latestOrder).toMatchObject({ id: o.id, currentStatus: 'payment_received' })
    await expectSummaryCurrent(c.id, [o.id])
  })

  it('after the customer decides a pending additional cost (the status stays, the summary stays current)', async () => {
    const email = `sum-cust-${randomUUID().slice(0, 8)}@example.com`
    const created = await admin('/api/admin/customers', { method: 'POST', body: { email, password: 'Password1', firstName: 'Dee', lastName: 'Cider' } })
    const o = await newOrder(created.body.id)
    expect((await admin(`/api/admin/orders/${o.id}/approval-request`, { method: 'POST', body: { reason: 'New spring', lines: [{ name: 'Spring', unitCents: 900, quantity: 1 }] } })).status).toBe(200)
    const { AccessToken } = await signIn(email, 'Password1')
    expect((await api(`/api/orders/${o.id}/approval`, { token: AccessToken, method: 'POST', body: { decision: 'approve' } })).status).toBe(200)
    expect((await row(email)).latestOrder).toMatchObject({ id: o.id, currentStatus: 'order_created' })
    await expectSummaryCurrent(created.body.id, [o.id])
  })

  it('the seeded demo customer (orders created through the repository) shows their newest order and its status', async () => {
    const { AccessToken } = await signIn(CUSTOMER.email, CUSTOMER.password)
    const own = (await api('/api/orders', { token: AccessToken })).body.items as Array<{ id: string; currentStatus: string; createdAt: string; firearmModel: string }>
    const newest = [...own].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0]
    expect(own.length).toBeGreaterThanOrEqual(6)
    expect(await row(CUSTOMER.email)).toMatchObject({ orderCount: own.length, latestOrder: { id: newest.id, currentStatus: newest.currentStatus, firearmModel: newest.firearmModel } })
  })

  it('a profile stored before the status was kept (no version) still renders, status unknown, in one Query; the local refresh fixes it', async () => {
    const u = await createTestUser('customer')
    const o = await seedOrder(u.userId, { currentStatus: 'in_progress' })
    // As older code left it: the summary as of creation, no version.
    await profileEntity(defaultTable())
      .patch({ userId: u.userId })
      .set({ orderCount: 1, latestOrderId: o.orderId, latestOrderSummary: { firearmMake: o.firearmMake, firearmModel: o.firearmModel, currentStatus: 'order_created', createdAt: o.createdAt } })
      .go()
    expect((await storedSummary(u.userId)).version).toBeUndefined()
    expect(await row(u.email)).toMatchObject({ orderCount: 1, latestOrder: { id: o.orderId, firearmMake: 'Colt', firearmModel: '1911', currentStatus: '', createdAt: o.createdAt } })

    expect(await refreshStaleCustomerSummaries()).toBeGreaterThanOrEqual(1)
    expect(await row(u.email)).toMatchObject({ orderCount: 1, latestOrder: { id: o.orderId, currentStatus: 'in_progress' } })
    await expectSummaryCurrent(u.userId, [o.orderId])
  })
})

describe('races: the profile never shows an order that is not the latest, nor a stale status of the latest', () => {
  /** A customer's orders, their firearms received (in the shop), or `left` (received and released): the statuses the races set need it. */
  async function customerWith(...createdAts: string[]) {
    return ordersOf(createdAts, bookEntriesFor('in_progress'))
  }
  async function ordersOf(createdAts: string[], entries: Partial<Order>) {
    const u = await createTestUser('customer')
    const orders: Order[] = []
    for (const createdAt of createdAts) orders.push(await seedOrder(u.userId, { createdAt, currentStatus: 'order_created', ...entries }))
    return { customerId: u.userId, orders }
  }

  it('a newer order is created while the (then latest) older order changes status', async () => {
    const { customerId, orders: [a] } = await customerWith(at(1))
    let n: Order | undefined
    const race = interleaved(async () => (n = await seedOrder(customerId, { createdAt: at(2), currentStatus: 'order_created' })))
    // Planned as "a is the latest, set its summary"; the creation commits first and makes n the latest.
    await createOrderRepository(race.table).saveOrder({ ...a, currentStatus: 'in_progress' }, a.version)
    expect(race.transactions()).toBe(2) // the first attempt was cancelled by the profile condition, then replanned
    expect(await storedSummary(customerId)).toMatchObject({ orderCount: 2, latestOrderId: n!.orderId, currentStatus: 'order_created' })
    expect((await orderRepo().getOrder(a.orderId))?.currentStatus).toBe('in_progress')
    await expectSummaryCurrent(customerId, [a.orderId, n!.orderId])
  })

  it('the latest is deleted while the order it promotes changes status', async () => {
    const { customerId, orders: [a, b] } = await ordersOf([at(1), at(2)], bookEntriesFor('shipped'))
    const race = interleaved(() => orderRepo().saveOrder({ ...a, currentStatus: 'shipped' }, a.version))
    // Planned as "b leaves, a (read at version 1, order_created) is the latest"; a's change commits first.
    await deleteOrder({ orders: createOrderRepository(race.table), orderId: b.orderId })
    expect(race.transactions()).toBe(2)
    expect(await storedSummary(customerId)).toMatchObject({ orderCount: 1, latestOrderId: a.orderId, currentStatus: 'shipped', version: 2 })
    await expectSummaryCurrent(customerId, [a.orderId, b.orderId])
  })

  it('an older order changes status while the latest is deleted (it becomes the latest first)', async () => {
    const { customerId, orders: [a] } = await customerWith(at(1))
    // The latest waits for its firearm (an order whose firearm is in custody is not deleted).
    const b = await seedOrder(customerId, { createdAt: at(2), currentStatus: 'order_created' })
    const race = interleaved(() => deleteOrder({ orders: orderRepo(), orderId: b.orderId }))
    // Planned as "b is the latest, a only checks that"; the delete commits first and shows a at version 1.
    await createOrderRepository(race.table).saveOrder({ ...a, currentStatus: 'ready_for_pickup' }, a.version)
    expect(race.transactions()).toBe(2)
    expect(await storedSummary(customerId)).toMatchObject({ orderCount: 1, latestOrderId: a.orderId, currentStatus: 'ready_for_pickup', version: 2 })
  })

  it("the webhook's payment in full races the creation of a newer order", async () => {
    const { customerId, orders: [a] } = await customerWith(at(1))
    const checkout = await seedCheckout(customerId, [{ orderId: a.orderId, amountCents: balanceOf(a) }])
    let n: Order | undefined
    const race = interleaved(async () => (n = await seedOrder(customerId, { createdAt: at(2), currentStatus: 'order_created' })))
    const payments = createPaymentRepository(race.table)
    const outcome = await handleStripeEvent({
      event: intentEvent('payment_intent.succeeded', checkout.paymentIntentId, checkout.amountCents) as never,
      orders: createOrderRepository(race.table),
      payments: { ...payments, ...createCheckoutReviewRepository(race.table) },
      // The provider confirms the charge exactly.
      gateway: { retrieveIntent: async (id) => providerIntent(id, checkout.amountCents) },
      sleep: async () => undefined,
    })
    expect(outcome).toBe('recorded')
    expect(race.transactions()).toBe(2)
    expect((await orderRepo().getOrder(a.orderId))?.currentStatus).toBe('payment_received')
    expect(await storedSummary(customerId)).toMatchObject({ latestOrderId: n!.orderId, currentStatus: 'order_created' })
    await expectSummaryCurrent(customerId, [a.orderId, n!.orderId])
  })

  it('many concurrent status changes on two orders of one customer, with a creation in between, leave the summary current', async () => {
    const { customerId, orders: [a, b] } = await customerWith(at(1), at(2))
    const ids = [a.orderId, b.orderId]
    const statuses = ['parts_received', 'evaluating', 'in_progress', 'work_complete']
    const writes = statuses.flatMap((status) => [
      addStaffUpdate({ orders: orderRepo(), orderId: a.orderId, status, adminId: 'admin' }),
      addStaffUpdate({ orders: orderRepo(), orderId: b.orderId, status, adminId: 'admin' }),
    ])
    const results = await Promise.allSettled([...writes, seedOrder(customerId, { createdAt: at(0) }).then((o) => ids.push(o.orderId))])
    // Conflicts on ONE order may exhaust its retries (a 409 to the admin); the summary must be current whatever committed.
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(2)
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/changed by someone else|Conflict/i)
    await expectSummaryCurrent(customerId, ids)
    expect((await storedSummary(customerId)).latestOrderId).toBe(b.orderId) // the created one is older (seeded history)
  })
})
