// What happens at the card provider outside the portal reaches the ledger: a refund made in its dashboard (full,
// partial, split over a batch payment's orders), a pending refund that settles or fails, a dispute opened, won or
// lost; each recorded once whatever the redeliveries, and a refund the portal made is not recorded twice when its
// own event arrives. The dev gateway plays the provider (functions/payments/dev-provider.ts), the events are signed
// as Stripe signs them and delivered to the public webhook route.
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { invoiceOf, type Payment } from '../../functions/domain/order.ts'
import { closeDevDispute, dashboardRefund, openDevDispute, refundEvents, settleDevRefund } from '../../functions/payments/dev-provider.ts'
import { ADMIN, api, signIn, useStackTable } from './helpers.ts'
import { deliver, devIntentRepo, intentEvent, orderRepo, seedCheckout, seedOrder } from './payments-fixtures.ts'

let adminToken: string
beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken!
})

/** $110.00 to pay: a $110.00 service, no shipping. */
const order110 = (c: string) => seedOrder(c, { estimatedCostCents: 11_000, shippingSelected: false })

async function paid(c: string, orders: Array<{ orderId: string; amountCents: number }>) {
  const checkout = await seedCheckout(c, orders)
  const res = await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, checkout.amountCents))
  expect(res.body.outcome).toBe('recorded')
  return checkout.paymentIntentId
}

async function deliverAll(events: unknown[]) {
  const outcomes: string[] = []
  for (const e of events) {
    const res = await deliver(e)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    outcomes.push(res.body.outcome)
  }
  return outcomes
}

const ledgerOf = async (orderId: string) => (await orderRepo().getOrderDetail(orderId))!.payments
const orderOf = async (orderId: string) => (await orderRepo().getOrder(orderId))!

/** paid = payments less what was refunded of them (chargebacks included), never negative; the order's sums agree. */
async function expectReconciled(orderId: string) {
  const entries = await ledgerOf(orderId)
  const o = await orderOf(orderId)
  const ok = (e: Payment) => e.paymentStatus === 'successful'
  const paidIn = entries.filter((e) => ok(e) && (e.kind ?? 'payment') === 'payment').reduce((s, e) => s + e.amountCents, 0)
  const back = entries.filter((e) => e.kind === 'refund' && e.paymentStatus !== 'failed' && entries.find((s) => s.paymentId === e.refundOf)?.kind !== 'credit').reduce((s, e) => s + e.amountCents, 0)
  expect(o.amountPaidCents).toBe(paidIn - back)
  expect(o.amountPaidCents).toBeGreaterThanOrEqual(0)
  const refunded = entries.filter((e) => e.kind === 'refund' && e.paymentStatus !== 'failed' && !e.dispute).reduce((s, e) => s + e.amountCents, 0)
  expect(o.refundedCents ?? 0).toBe(refunded)
}

describe('a refund made at the card provider', () => {
  it('in full: recorded once (every event, redelivered), the balance, history and customer notification follow', async () => {
    const c = randomUUID()
    const o = await order110(c)
    const pi = await paid(c, [{ orderId: o.orderId, amountCents: 11_000 }])
    const { refund, events } = await dashboardRefund(devIntentRepo(), pi)
    expect(await deliverAll(events)).toEqual(['recorded', 'duplicate'])
    // Stripe retries: the same events again record nothing more.
    expect(await deliverAll(events)).toEqual(['duplicate', 'duplicate'])
    const after = await orderOf(o.orderId)
    expect(invoiceOf(after)).toMatchObject({ amountPaidCents: 0, balanceDueCents: 11_000 })
    expect(after.refundedCents).toBe(11_000)
    const refunds = (await ledgerOf(o.orderId)).filter((e) => e.kind === 'refund')
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amountCents: 11_000, paymentStatus: 'successful', providerRefundId: refund.id, origin: 'provider', purpose: 'return' })
    const detail = await orderRepo().getOrderDetail(o.orderId)
    expect(detail!.updates.some((u) => u.status === 'refund_issued' && u.notes.includes('outside the portal'))).toBe(true)
    await expectReconciled(o.orderId)
  })

  it('partial, of a batch payment: split in the order of its allocations, never more than each order took', async () => {
    const c = randomUUID()
    const a = await order110(c)
    const b = await order110(c)
    const pi = await paid(c, [
      { orderId: a.orderId, amountCents: 11_000 },
      { orderId: b.orderId, amountCents: 11_000 },
    ])
    const { events } = await dashboardRefund(devIntentRepo(), pi, { amountCents: 13_000 })
    await deliverAll(events)
    expect((await orderOf(a.orderId)).amountPaidCents).toBe(0)
    expect((await orderOf(b.orderId)).amountPaidCents).toBe(9_000)
    expect((await orderOf(b.orderId)).refundedCents).toBe(2_000)
    await expectReconciled(a.orderId)
    await expectReconciled(b.orderId)
  })

  it('pending, then failed: the money counts as paid again and staff are told in the history', async () => {
    const c = randomUUID()
    const o = await order110(c)
    const pi = await paid(c, [{ orderId: o.orderId, amountCents: 11_000 }])
    const created = await dashboardRefund(devIntentRepo(), pi, { amountCents: 2_000, pending: true })
    await deliverAll(created.events)
    expect((await ledgerOf(o.orderId)).find((e) => e.kind === 'refund')?.paymentStatus).toBe('pending')
    expect((await orderOf(o.orderId)).amountPaidCents).toBe(9_000)
    const failed = await settleDevRefund(devIntentRepo(), pi, created.refund.id, 'failed')
    expect(await deliverAll(failed.events)).toEqual(['updated', 'duplicate'])
    const after = await orderOf(o.orderId)
    expect(invoiceOf(after)).toMatchObject({ amountPaidCents: 11_000, balanceDueCents: 0 })
    expect(after.refundedCents).toBe(0)
    expect((await ledgerOf(o.orderId)).find((e) => e.kind === 'refund')?.paymentStatus).toBe('failed')
    expect((await orderRepo().getOrderDetail(o.orderId))!.updates.some((u) => u.notes.includes('failed') && u.notes.includes('counts as paid again'))).toBe(true)
    await expectReconciled(o.orderId)
  })

  it('pending, then succeeded: settled', async () => {
    const c = randomUUID()
    const o = await order110(c)
    const pi = await paid(c, [{ orderId: o.orderId, amountCents: 11_000 }])
    const created = await dashboardRefund(devIntentRepo(), pi, { amountCents: 2_000, pending: true })
    await deliverAll(created.events)
    await deliverAll((await settleDevRefund(devIntentRepo(), pi, created.refund.id, 'succeeded')).events)
    expect((await ledgerOf(o.orderId)).find((e) => e.kind === 'refund')?.paymentStatus).toBe('successful')
    await expectReconciled(o.orderId)
  })

  it('staff mark it a price reduction: the bill goes down, the balance it reopened closes; once', async () => {
    const c = randomUUID()
    const o = await order110(c)
    const pi = await paid(c, [{ orderId: o.orderId, amountCents: 11_000 }])
    await deliverAll((await dashboardRefund(devIntentRepo(), pi, { amountCents: 2_000 })).events)
    expect(invoiceOf(await orderOf(o.orderId)).balanceDueCents).toBe(2_000)
    const refund = (await ledgerOf(o.orderId)).find((e) => e.kind === 'refund')!
    const mark = () => api(`/api/admin/orders/${o.orderId}/payments/${refund.paymentId}/price-reduction`, { token: adminToken, method: 'POST', body: { reason: 'Sight not fitted' } })
    const first = await mark()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.order.invoice).toMatchObject({ balanceDueCents: 0, adjustmentsCents: 2_000, refundedCents: 2_000 })
    expect(first.body.payment).toMatchObject({ purpose: 'price_reduction', fromProvider: true })
    expect((await mark()).body.order.invoice.adjustmentsCents).toBe(2_000)
  })
})

describe("the portal's own card refund", () => {
  it('is not recorded twice when its events arrive', async () => {
    const c = randomUUID()
    const o = await order110(c)
    const pi = await paid(c, [{ orderId: o.orderId, amountCents: 11_000 }])
    const card = (await ledgerOf(o.orderId)).find((e) => e.kind === 'payment')!
    const res = await api(`/api/admin/orders/${o.orderId}/payments/${card.paymentId}/refunds`, { token: adminToken, method: 'POST', body: { requestId: randomUUID(), method: 'card', amountCents: 2_000, reason: 'Sight not fitted', purpose: 'price_reduction' } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.order.invoice).toMatchObject({ balanceDueCents: 0, paymentStatus: 'paid', refundedCents: 2_000 })
    const intent = (await devIntentRepo().get(pi))!
    const ownRefund = intent.refunds![0]!
    expect(await deliverAll(refundEvents(intent, ownRefund, 'created'))).toEqual(['duplicate', 'duplicate'])
    expect((await ledgerOf(o.orderId)).filter((e) => e.kind === 'refund')).toHaveLength(1)
    await expectReconciled(o.orderId)
  })
})

describe('a dispute', () => {
  it('opened blocks the release; won, the release is allowed again', async () => {
    const c = randomUUID()
    const o = await order110(c)
    const pi = await paid(c, [{ orderId: o.orderId, amountCents: 11_000 }])
    const opened = await openDevDispute(devIntentRepo(), pi)
    expect(await deliverAll(opened.events)).toEqual(['recorded', 'duplicate'])
    expect((await orderOf(o.orderId)).disputedCents).toBe(11_000)
    const entry = (await ledgerOf(o.orderId)).find((e) => e.kind === 'payment')!
    expect(entry.dispute).toMatchObject({ status: 'needs_response', amountCents: 11_000, reason: 'fraudulent' })
    const ship = () => api(`/api/admin/orders/${o.orderId}/updates`, { token: adminToken, method: 'POST', body: { status: 'ready_for_pickup' } })
    const refused = await ship()
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toContain('disputed by the customer')
    await deliverAll((await closeDevDispute(devIntentRepo(), pi, 'won')).events)
    expect((await orderOf(o.orderId)).disputedCents).toBe(0)
    expect((await orderOf(o.orderId)).amountPaidCents).toBe(11_000)
    expect((await ship()).status).toBe(201)
  })

  it('lost: the money is taken back (a chargeback entry), the balance is due again', async () => {
    const c = randomUUID()
    const o = await order110(c)
    const pi = await paid(c, [{ orderId: o.orderId, amountCents: 11_000 }])
    await deliverAll((await openDevDispute(devIntentRepo(), pi)).events)
    const closed = await closeDevDispute(devIntentRepo(), pi, 'lost')
    expect(await deliverAll(closed.events)).toEqual(['updated'])
    expect(await deliverAll(closed.events)).toEqual(['duplicate'])
    const after = await orderOf(o.orderId)
    expect(after).toMatchObject({ disputedCents: 0, amountPaidCents: 0 })
    expect(after.refundedCents ?? 0).toBe(0)
    expect((await ledgerOf(o.orderId)).filter((e) => e.paymentMethod === 'Chargeback')).toHaveLength(1)
    await expectReconciled(o.orderId)
  })
})
