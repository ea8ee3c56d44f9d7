import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { invoiceOf } from '../../functions/domain/order.ts'
import { ADMIN, api, newCustomer as registerCustomer, signIn, useStackTable } from './helpers.ts'
import { confirm, createIntent, deliver, devIntentRepo, intentEvent, orderRepo, paymentRepo, seedCheckout, seedOrder } from './payments-fixtures.ts'

type Customer = Awaited<ReturnType<typeof registerCustomer>>
const newCustomer = () => registerCustomer('integrity')

const detail = async (orderId: string) => (await orderRepo().getOrderDetail(orderId))!
const sum = (xs: Array<{ amountCents: number }>) => xs.reduce((s, x) => s + x.amountCents, 0)

/** Delivers each event until the webhook has recorded it (a 500 is Stripe's cue to retry, as it would). */
async function deliverUntilRecorded(events: ReturnType<typeof intentEvent>[]) {
  let pending = events
  for (let round = 0; pending.length && round < 10; round++) {
    const results = await Promise.all(pending.map((e) => deliver(e)))
    pending = pending.filter((_, i) => results[i].status !== 200)
  }
  expect(pending).toEqual([])
}

let c: Customer
let adminToken: string
const admin = (path: string, method = 'GET', body?: unknown) => api(path, { token: adminToken, method, body })

beforeAll(async () => {
  useStackTable()
  c = await newCustomer()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

describe('one open checkout per order', () => {
  it('10 intents asked for at once with different amounts: one stays open, the rest are canceled at the provider, and confirming them all pays once', async () => {
    const o = await seedOrder(c.id)
    const asked = await Promise.all(Array.from({ length: 10 }, (_, i) => createIntent(c.token, { orderIds: [o.orderId], amountCents: 1_000 + i * 100 })))
    // Each request either got an intent or was told someone else started one (never a 5xx).
    for (const r of asked) expect([201, 409], JSON.stringify(r.body)).toContain(r.status)
    const ids = [...new Set(asked.filter((r) => r.status === 201).map((r) => r.body.paymentIntentId as string))]
    expect(ids.length).toBeGreaterThan(0)

    const open = (await orderRepo().getOrder(o.orderId))!.openCheckout!
    expect(ids).toContain(open.paymentIntentId)
    for (const id of ids.filter((x) => x !== open.paymentIntentId)) {
      expect((await devIntentRepo().get(id))?.status, id).toBe('canceled')
      expect((await paymentRepo().getCheckout(id))?.status, id).toBe('canceled')
    }

    const confirmed = await Promise.all(ids.map((id) => confirm(c.token, id)))
    expect(confirmed.filter((r) => r.status === 200).map((r) => r.body.paymentIntentId)).toEqual([open.paymentIntentId])
    for (const r of confirmed.filter((x) => x.status !== 200)) expect(r.body.error.message).toBe('This payment was canceled. Please start the payment again.')
    const after = await detail(o.orderId)
    expect(after.order.amountPaidCents).toBe(open.amountCents)
    expect(after.order.openCheckout).toBeUndefined()
    expect(after.payments.filter((p) => p.paymentStatus === 'successful')).toHaveLength(1)
  })

  it('10 provider-confirmed successes on one order (old intents that escaped cancellation): paid never exceeds the bill, the rest is a flagged credit', async () => {
    const o = await seedOrder(c.id)
    const billed = invoiceOf(o).totalCents
    const checkouts = await Promise.all(Array.from({ length: 10 }, () => seedCheckout(c.id, [{ orderId: o.orderId, amountCents: 5_000 }])))
    await deliverUntilRecorded(checkouts.map((k) => intentEvent('payment_intent.succeeded', k.paymentIntentId, 5_000)))

    const after = await detail(o.orderId)
    expect(after.order.amountPaidCents).toBe(billed)
    expect(after.order.creditCents).toBe(50_000 - billed)
    expect(invoiceOf(after.order)).toMatchObject({ balanceDueCents: 0, paymentStatus: 'paid' })
    const applied = after.payments.filter((p) => p.kind === 'payment')
    const credits = after.payments.filter((p) => p.kind === 'credit')
    expect(sum(applied)).toBe(billed)
    expect(sum(credits)).toBe(50_000 - billed)
    expect(credits.every((p) => p.flag === 'overpayment' && p.paymentStatus === 'successful')).toBe(true)
    // Nothing the customer paid is hidden: every intent's money is in the ledger.
    expect(sum(applied) + sum(credits)).toBe(50_000)
    expect(after.updates.filter((u) => u.status === 'payment_received')).toHaveLength(1)
    expect(after.updates.filter((u) => u.status === 'payment_flagged').length).toBeGreaterThan(0)
  })
})

describe('deleting, archiving or repricing an order closes its checkout', () => {
  it('delete then confirm: refused; a success that still arrives is recorded as a credit flagged for staff', async () => {
    // Paid before its firearm came (an order whose firearm is in custody is not deleted).
    const o = await seedOrder(c.id, { currentStatus: 'order_created' })
    const intent = (await createIntent(c.token, { orderIds: [o.orderId] })).body
    expect((await admin(`/api/admin/orders/${o.orderId}`, 'DELETE')).status).toBe(200)
    expect((await devIntentRepo().get(intent.paymentIntentId))?.status).toBe('canceled')
    expect((await paymentRepo().getCheckout(intent.paymentIntentId))?.status).toBe('canceled')
    const res = await confirm(c.token, intent.paymentIntentId)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('This payment was canceled. Please start the payment again.')

    // The provider charged anyway (an intent whose cancel never reached it): recorded, flagged, not applied.
    const late = await seedCheckout(c.id, [{ orderId: o.orderId, amountCents: 4_000 }])
    expect((await deliver(intentEvent('payment_intent.succeeded', late.paymentIntentId, 4_000))).body.outcome).toBe('recorded')
    const after = await detail(o.orderId)
    expect(after.order).toMatchObject({ isDeleted: true, amountPaidCents: 0, creditCents: 4_000 })
    expect(after.payments).toEqual([expect.objectContaining({ kind: 'credit', flag: 'order_deleted', amountCents: 4_000, paymentStatus: 'successful' })])
  })

  it('archiving cancels the open intent; so does a price change staff make', async () => {
    const archived = await seedOrder(c.id)
    const first = (await createIntent(c.token, { orderIds: [archived.orderId] })).body
    expect((await admin(`/api/admin/orders/${archived.orderId}/archive`, 'POST')).status).toBe(200)
    expect((await devIntentRepo().get(first.paymentIntentId))?.status).toBe('canceled')
    expect((await orderRepo().getOrder(archived.orderId))?.openCheckout).toBeUndefined()

    const repriced = await seedOrder(c.id)
    const second = (await createIntent(c.token, { orderIds: [repriced.orderId] })).body
    const line = await admin(`/api/admin/orders/${repriced.orderId}/lines`, 'POST', { kind: 'labor', name: 'Extra fitting', unitCents: 2_000, quantity: 1, needsApproval: false })
    expect(line.status).toBe(201)
    expect((await devIntentRepo().get(second.paymentIntentId))?.status).toBe('canceled')
    expect((await paymentRepo().getCheckout(second.paymentIntentId))?.status).toBe('canceled')
    // The next attempt is a fresh intent for the new balance.
    const third = (await createIntent(c.token, { orderIds: [repriced.orderId] })).body
    expect(third.paymentIntentId).not.toBe(second.paymentIntentId)
    expect(third.amountCents).toBe(second.amountCents + 2_000)
  })
})

describe('the shipping choice travels with the payment', () => {
  it('paying without return shipping stores the choice (with a history entry) only when the payment succeeds', async () => {
    const o = await seedOrder(c.id)
    const intent = (await createIntent(c.token, { orderIds: [o.orderId], includeShipping: false })).body
    expect(intent.amountCents).toBe(10_000)
    expect((await orderRepo().getOrder(o.orderId))?.shippingSelected).toBe(true)
    expect((await confirm(c.token, intent.paymentIntentId)).status).toBe(200)
    const after = await detail(o.orderId)
    expect(after.order).toMatchObject({ shippingSelected: false, amountPaidCents: 10_000, currentStatus: 'payment_received' })
    expect(after.updates.map((u) => u.status)).toContain('shipping_changed')
  })
})

describe('staff take money in the shop', () => {
  it('records a cash payment once per request id, a discount with its reason, and a check that settles the order', async () => {
    const o = await seedOrder(c.id) // $125.00 with shipping
    const requestId = randomUUID()
    const body = { requestId, method: 'cash', amountCents: 2_000, reference: 'R-1' }
    const twice = await Promise.all([admin(`/api/admin/orders/${o.orderId}/payments`, 'POST', body), admin(`/api/admin/orders/${o.orderId}/payments`, 'POST', body)])
    for (const r of twice) expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(twice[0].body.payment.paymentId).toBe(twice[1].body.payment.paymentId)
    expect(twice[0].body.payment).toMatchObject({ kind: 'payment', paymentMethod: 'Cash', amountCents: 2_000, reason: 'R-1', paymentStatus: 'successful' })

    const discount = await admin(`/api/admin/orders/${o.orderId}/adjustments`, 'POST', { requestId: randomUUID(), kind: 'discount', amountCents: 500, reason: 'Returning customer' })
    expect(discount.status).toBe(201)
    expect(discount.body.order.invoice).toMatchObject({ totalCents: 12_500, adjustmentsCents: 500, amountPaidCents: 2_000, balanceDueCents: 10_000 })

    const before = await detail(o.orderId)
    const tooMuch = await admin(`/api/admin/orders/${o.orderId}/payments`, 'POST', { requestId: randomUUID(), method: 'check', amountCents: 10_001 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.error.message).toBe('Amount cannot exceed the balance due of $100.00')
    expect(await detail(o.orderId)).toEqual(before)

    const check = await admin(`/api/admin/orders/${o.orderId}/payments`, 'POST', { requestId: randomUUID(), method: 'check', amountCents: 10_000, reference: 'Check 1042' })
    expect(check.status).toBe(201)
    expect(check.body.order).toMatchObject({ currentStatus: 'payment_received', invoice: { balanceDueCents: 0, paymentStatus: 'paid' } })
    const after = await detail(o.orderId)
    expect(after.payments.filter((p) => p.kind === 'payment')).toHaveLength(2)
    expect(after.updates.map((u) => u.status)).toEqual(expect.arrayContaining(['payment_recorded', 'adjustment_granted', 'payment_received']))
  })

  it('refunds a card payment through the provider once (balance back), refuses more than is left, and refunds an overpayment credit in one call', async () => {
    const o = await seedOrder(c.id)
    const intent = (await createIntent(c.token, { orderIds: [o.orderId], amountCents: 5_000 })).body
    expect((await confirm(c.token, intent.paymentIntentId)).status).toBe(200)
    const card = (await detail(o.orderId)).payments.find((p) => p.kind === 'payment' && p.paymentStatus === 'successful')!

    const requestId = randomUUID()
    const refund = { requestId, method: 'card', amountCents: 2_000, reason: 'Part not needed', purpose: 'return' }
    const first = await admin(`/api/admin/orders/${o.orderId}/payments/${card.paymentId}/refunds`, 'POST', refund)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.payment).toMatchObject({ kind: 'refund', paymentStatus: 'successful', amountCents: 2_000, refundOf: card.paymentId, paymentMethod: 'Refund (Credit Card)' })
    expect(first.body.order.invoice).toMatchObject({ amountPaidCents: 3_000, balanceDueCents: 9_500 })
    // A retry of the same request refunds nothing more, at the provider or here.
    expect((await admin(`/api/admin/orders/${o.orderId}/payments/${card.paymentId}/refunds`, 'POST', refund)).status).toBe(201)
    expect((await devIntentRepo().get(intent.paymentIntentId))?.amount_refunded).toBe(2_000)
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(3_000)

    const over = await admin(`/api/admin/orders/${o.orderId}/payments/${card.paymentId}/refunds`, 'POST', { ...refund, requestId: randomUUID(), amountCents: 3_001 })
    expect(over.status).toBe(400)
    expect(over.body.error.message).toBe('Amount cannot exceed the $30.00 not yet refunded')

    // An overpayment credit, refunded to the card in one call.
    const extra = await seedCheckout(c.id, [{ orderId: o.orderId, amountCents: 12_000 }])
    expect((await deliver(intentEvent('payment_intent.succeeded', extra.paymentIntentId, 12_000))).body.outcome).toBe('recorded')
    const credit = (await detail(o.orderId)).payments.find((p) => p.kind === 'credit')!
    expect(credit).toMatchObject({ amountCents: 2_500, flag: 'overpayment' })
    const back = await admin(`/api/admin/orders/${o.orderId}/payments/${credit.paymentId}/refunds`, 'POST', { requestId: randomUUID(), method: 'card', amountCents: 2_500, reason: 'Overpayment refund', purpose: 'return' })
    expect(back.status, JSON.stringify(back.body)).toBe(201)
    expect(back.body.order.invoice).toMatchObject({ creditCents: 0, balanceDueCents: 0 })
    expect((await devIntentRepo().get(extra.paymentIntentId))?.amount_refunded).toBe(2_500)
  })

  it("shows the shop's money in the customer's views: a card-present payment, a write-off with its reason and a cash refund, with their signs and the balance", async () => {
    const me = await newCustomer()
    const o = await seedOrder(me.id) // $125.00 with shipping
    const paid = await admin(`/api/admin/orders/${o.orderId}/payments`, 'POST', { requestId: randomUUID(), method: 'card_present', amountCents: 3_000, reference: 'Terminal 7' })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const writeOff = await admin(`/api/admin/orders/${o.orderId}/adjustments`, 'POST', { requestId: randomUUID(), kind: 'write_off', amountCents: 1_000, reason: 'Scratch on the slide' })
    expect(writeOff.status, JSON.stringify(writeOff.body)).toBe(201)
    const refund = await admin(`/api/admin/orders/${o.orderId}/payments/${paid.body.payment.paymentId}/refunds`, 'POST', { requestId: randomUUID(), method: 'cash', amountCents: 500, reason: 'Cleaning not needed', purpose: 'return' })
    expect(refund.status, JSON.stringify(refund.body)).toBe(201)
    // Billed 125.00 − written off 10.00 − paid (30.00 − 5.00 refunded) = 90.00.
    const invoice = { totalCents: 12_500, adjustmentsCents: 1_000, amountPaidCents: 2_500, creditCents: 0, balanceDueCents: 9_000, paymentStatus: 'partially_paid' }
    expect(refund.body.order.invoice).toMatchObject(invoice)

    const entries = [
      { paymentId: paid.body.payment.paymentId, kind: 'payment', paymentMethod: 'Card (in shop)', amountCents: 3_000, refundedCents: 500, reason: 'Terminal 7', paymentStatus: 'successful', paymentIntentId: '', flag: null },
      { paymentId: writeOff.body.payment.paymentId, kind: 'adjustment', paymentMethod: 'Write-off', amountCents: 1_000, reason: 'Scratch on the slide', paymentStatus: 'successful', flag: null },
      { paymentId: refund.body.payment.paymentId, kind: 'refund', paymentMethod: 'Refund (Cash)', amountCents: 500, refundOf: paid.body.payment.paymentId, reason: 'Cleaning not needed', paymentStatus: 'successful', flag: null },
    ]
    // What the customer reads: the amount and the kind that gives its sign (money in +, a refund or a write-off −).
    const signed = (p: { kind: string; amountCents: number }) => (p.kind === 'refund' || p.kind === 'adjustment' ? -p.amountCents : p.amountCents)
    const byId = (items: Array<{ paymentId: string }>) => [...items].sort((a, b) => a.paymentId.localeCompare(b.paymentId))

    const history = await api('/api/payments', { token: me.token })
    expect(history.status, JSON.stringify(history.body)).toBe(200)
    expect(byId(history.body.items)).toEqual(byId(entries).map((e) => expect.objectContaining({ ...e, orderId: o.orderId, orderNumber: o.orderNumber })))
    expect(history.body.items.map(signed).sort((a: number, b: number) => a - b)).toEqual([-1_000, -500, 3_000])
    // Nothing staff-only leaks to the customer.
    for (const p of history.body.items) expect(p).not.toHaveProperty('recordedBy')

    const order = await api(`/api/orders/${o.orderId}`, { token: me.token })
    expect(order.status).toBe(200)
    expect(order.body.invoice).toMatchObject(invoice)
    expect(byId(order.body.payments)).toEqual(byId(entries).map((e) => expect.objectContaining(e)))
    // The balance is the bill less what the entries settle: payments and write-offs, less refunds.
    const settles = (p: { kind: string; amountCents: number }) => (p.kind === 'refund' ? -p.amountCents : p.amountCents)
    expect(order.body.invoice.totalCents - order.body.payments.reduce((sum: number, p: { kind: string; amountCents: number }) => sum + settles(p), 0)).toBe(9_000)
    const invoiceRoute = await api(`/api/orders/${o.orderId}/invoice`, { token: me.token })
    expect(invoiceRoute.status).toBe(200)
    expect(invoiceRoute.body).toMatchObject(invoice)
  })

  it('a customer cannot record, discount or refund (403), and bad input changes nothing', async () => {
    const o = await seedOrder(c.id)
    expect((await api(`/api/admin/orders/${o.orderId}/payments`, { token: c.token, method: 'POST', body: { requestId: randomUUID(), method: 'cash', amountCents: 100 } })).status).toBe(403)
    const before = await detail(o.orderId)
    for (const body of [{ requestId: 'x', method: 'cash', amountCents: 100 }, { requestId: randomUUID(), method: 'bitcoin', amountCents: 100 }, { requestId: randomUUID(), method: 'cash', amountCents: 0 }, { requestId: randomUUID(), method: 'cash', amountCents: 10.5 }]) {
      const r = await admin(`/api/admin/orders/${o.orderId}/payments`, 'POST', body)
      expect(r.status).toBe(400)
    }
    const noReason = await admin(`/api/admin/orders/${o.orderId}/adjustments`, 'POST', { requestId: randomUUID(), kind: 'discount', amountCents: 100, reason: '  ' })
    expect(noReason.body.error.message).toBe('A reason is required')
    expect(await detail(o.orderId)).toEqual(before)
  })
})
