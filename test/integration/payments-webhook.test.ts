import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { invoiceOf } from '../../functions/domain/order.ts'
import { paymentIdFor } from '../../functions/domain/payment.ts'
import { bundledFunction } from './functions.ts'
import { balanceOf, deliver, devIntentRepo, intentEvent, orderRepo, paymentRepo, seedCheckout, seedOrder, sign } from './payments-fixtures.ts'
import { ADMIN, api, newCustomer, signIn, useStackTable } from './helpers.ts'
import { formatCents } from '@gs/shared/money'
import { billedExtra } from '../support/extra-work.ts'

beforeAll(() => {
  useStackTable()
})

const customer = () => randomUUID()

async function paymentsOf(orderId: string) {
  const detail = await orderRepo().getOrderDetail(orderId)
  return detail!.payments
}

describe('POST /api/webhooks/stripe: signature', () => {
  it('rejects a bad or missing signature with 400 and writes nothing', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: balanceOf(order) }])
    const event = intentEvent('payment_intent.succeeded', checkout.paymentIntentId, checkout.amountCents)
    const payload = JSON.stringify(event)

    const wrongSecret = await deliver(event, { signature: sign(payload, 'whsec_someone_else') })
    expect(wrongSecret.status).toBe(400)
    expect(wrongSecret.body.error).toEqual({ code: 'validation_failed', message: 'Invalid signature' })
    expect((await deliver(event, { signature: null })).status).toBe(400)
    expect((await deliver(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400)
    // Signed over another body (tampered amount)
    const tampered = await deliver({ ...event, data: { object: { ...event.data.object, amount: 1 } } }, { signature: sign(payload) })
    expect(tampered.status).toBe(400)

    expect((await paymentRepo().getCheckout(checkout.paymentIntentId))?.status).toBe('pending')
    expect(await paymentsOf(order.orderId)).toEqual([])
    expect((await orderRepo().getOrder(order.orderId))?.version).toBe(1)
  })

  it('verifies a base64-encoded body (as API Gateway may deliver it)', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: 4000 }])
    // Over HTTP with a non-text type: the local gateway base64-encodes it, like API Gateway.
    const overHttp = await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, 4000), { contentType: 'application/octet-stream' })
    expect(overHttp.status).toBe(200)
    expect(overHttp.body).toMatchObject({ received: true, outcome: 'recorded' })

    // And straight into the Lambda handler with isBase64Encoded: true.
    const other = await seedOrder(c)
    const second = await seedCheckout(c, [{ orderId: other.orderId, amountCents: 5000 }])
    const payload = JSON.stringify(intentEvent('payment_intent.succeeded', second.paymentIntentId, 5000))
    const handler = bundledFunction('stripe-webhook')
    const res = (await handler(
      {
        version: '2.0',
        routeKey: 'POST /api/webhooks/stripe',
        rawPath: '/api/webhooks/stripe',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(payload) },
        body: Buffer.from(payload, 'utf8').toString('base64'),
        isBase64Encoded: true,
        requestContext: { requestId: 'test', routeKey: 'POST /api/webhooks/stripe', http: { method: 'POST', path: '/api/webhooks/stripe' } },
      } as never,
    )) as { statusCode: number; body: string }
    expect(res.statusCode).toBe(200)
    expect((await paymentsOf(other.orderId)).map((p) => p.amountCents)).toEqual([5000])
  })
})

describe('the provider is the source of truth', () => {
  it('records nothing for a signed success event the provider does not confirm, and marks the checkout for review', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const due = balanceOf(order)
    // Not paid at the provider; then paid, but a different amount than the checkout charges.
    const unpaid = await seedCheckout(c, [{ orderId: order.orderId, amountCents: due }], {}, 'requires_payment_method')
    const res = await deliver(intentEvent('payment_intent.succeeded', unpaid.paymentIntentId, due))
    expect(res).toMatchObject({ status: 200, body: { outcome: 'not_confirmed' } })
    const other = await seedCheckout(c, [{ orderId: order.orderId, amountCents: due }])
    await devIntentRepo().save({ ...(await devIntentRepo().get(other.paymentIntentId))!, amount: 1 })
    expect((await deliver(intentEvent('payment_intent.succeeded', other.paymentIntentId, due))).body.outcome).toBe('not_confirmed')
    const after = (await orderRepo().getOrderDetail(order.orderId))!
    // Nothing paid: each unconfirmed success is a pending ledger row flagged for staff, never a payment.
    expect(after.payments.map((p) => [p.paymentIntentId, p.paymentStatus, p.flag]).sort()).toEqual(
      [[unpaid.paymentIntentId, 'pending', 'unconfirmed'], [other.paymentIntentId, 'pending', 'unconfirmed']].sort(),
    )
    expect(after.order).toMatchObject({ amountPaidCents: 0, version: order.version })
    expect(await paymentRepo().getCheckout(unpaid.paymentIntentId)).toMatchObject({ status: 'needs_review', failureMessage: 'Not confirmed by the provider: the provider reports status requires_payment_method' })
    expect((await paymentRepo().getCheckout(other.paymentIntentId))?.failureMessage).toBe(`Not confirmed by the provider: the provider received 1 cents of the ${due} this checkout charges`)
  })

  it('shows staff a signed success the provider does not confirm: flagged in the admin ledger and the order, a history entry, the invoice unpaid; the customer reads "under review"', async () => {
    const adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
    const admin = (path: string) => api(path, { token: adminToken })
    const c = await newCustomer('review')
    const order = await seedOrder(c.id)
    const due = balanceOf(order)
    const checkout = await seedCheckout(c.id, [{ orderId: order.orderId, amountCents: due }])
    // The provider received 1 cent, not the checkout's amount.
    await devIntentRepo().save({ ...(await devIntentRepo().get(checkout.paymentIntentId))!, amount: 1 })
    const pendingBefore = await admin('/api/admin/payments?status=pending')
    expect(pendingBefore.status, JSON.stringify(pendingBefore.body)).toBe(200)

    const event = intentEvent('payment_intent.succeeded', checkout.paymentIntentId, due)
    expect((await deliver(event)).body.outcome).toBe('not_confirmed')
    // A redelivery writes nothing more (one row, one history entry, the counters moved once).
    expect((await deliver(event)).body.outcome).toBe('not_confirmed')

    const notes = `The card provider reports $0.01 received of the ${formatCents(due)} charged (status succeeded, currency USD). Not counted as paid until staff review it.`
    const row = { paymentId: paymentIdFor(checkout.paymentIntentId, order.orderId), orderId: order.orderId, amountCents: due, paymentStatus: 'pending', kind: 'payment', flag: 'unconfirmed', notes, paymentIntentId: checkout.paymentIntentId }
    // The admin ledger: found by the intent id, and under the Pending filter, whose count (from the ledger counters) moved by exactly one.
    const found = await admin(`/api/admin/payments?search=${checkout.paymentIntentId}`)
    expect(found.body.items).toEqual([expect.objectContaining(row)])
    const pendingAfter = await admin('/api/admin/payments?status=pending')
    expect(pendingAfter.body.total).toBe(pendingBefore.body.total + 1)
    expect(pendingAfter.body.stats.count).toBe(pendingBefore.body.stats.count + 1)
    expect(pendingAfter.body.stats.revenueCents).toBe(pendingBefore.body.stats.revenueCents)
    expect(pendingAfter.body.items).toContainEqual(expect.objectContaining(row))

    // The order editor: the flagged row, a history entry for staff, and the invoice unpaid.
    const detail = await admin(`/api/admin/orders/${order.orderId}`)
    expect(detail.status).toBe(200)
    expect(detail.body.payments).toEqual([expect.objectContaining(row)])
    expect(detail.body.invoice).toMatchObject({ amountPaidCents: 0, balanceDueCents: due, paymentStatus: 'unpaid' })
    const flagged = detail.body.updates.filter((u: { status: string }) => u.status === 'payment_flagged')
    expect(flagged).toEqual([expect.objectContaining({ notes: `A card payment of ${formatCents(due)} was reported but not confirmed by the card provider. ${notes}` })])

    // The customer: the intent is under review (not processing forever), the order unpaid.
    const intent = await api(`/api/payments/intents/${checkout.paymentIntentId}`, { token: c.token })
    expect(intent.body).toMatchObject({ status: 'under_review', failureMessage: expect.stringMatching(/^Under review by the shop/), payments: [] })
    const mine = await api(`/api/orders/${order.orderId}`, { token: c.token })
    expect(mine.body.invoice).toMatchObject({ amountPaidCents: 0, paymentStatus: 'unpaid' })

    // The provider confirms later (the intent's full amount): the payment replaces the flagged row, counted once.
    await devIntentRepo().save({ ...(await devIntentRepo().get(checkout.paymentIntentId))!, amount: due })
    expect((await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, due))).body.outcome).toBe('recorded')
    const settled = await admin(`/api/admin/orders/${order.orderId}`)
    expect(settled.body.payments).toEqual([expect.objectContaining({ paymentId: row.paymentId, paymentStatus: 'successful', flag: null, amountCents: due })])
    expect(settled.body.invoice).toMatchObject({ paymentStatus: 'paid', balanceDueCents: 0 })
    const pendingLast = await admin('/api/admin/payments?status=pending')
    expect(pendingLast.body.total).toBe(pendingBefore.body.total)
    expect(pendingLast.body.stats.count).toBe(pendingBefore.body.stats.count + 1)
  })

  it('closes a canceled checkout', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: balanceOf(order) }], {}, 'canceled')
    expect((await deliver(intentEvent('payment_intent.canceled', checkout.paymentIntentId, checkout.amountCents))).body.outcome).toBe('updated')
    expect(await paymentRepo().getCheckout(checkout.paymentIntentId)).toMatchObject({ status: 'canceled' })
  })
})

describe('payment_intent.succeeded', () => {
  it('records the payment, the invoice and, when paid in full, the status, history entry and notification', async () => {
    const c = customer()
    const order = await seedOrder(c, { ...billedExtra(2000) })
    const due = balanceOf(order)
    expect(due).toBe(10_000 + 2000 + 155 + 2500)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: due }])
    const res = await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, due))
    expect(res.status).toBe(200)
    expect(res.body.outcome).toBe('recorded')

    const detail = (await orderRepo().getOrderDetail(order.orderId))!
    expect(detail.payments).toHaveLength(1)
    expect(detail.payments[0]).toMatchObject({
      paymentId: paymentIdFor(checkout.paymentIntentId, order.orderId),
      amountCents: due,
      paymentStatus: 'successful',
      paymentMethod: 'Credit Card',
      paymentIntentId: checkout.paymentIntentId,
      orderNumber: order.orderNumber,
      customerId: c,
      customerName: 'Pat Payer',
      firearmMake: 'Colt',
      serialNumber: order.serialNumber,
    })
    expect(detail.order.amountPaidCents).toBe(due)
    expect(detail.order.version).toBe(2)
    expect(invoiceOf(detail.order)).toMatchObject({ balanceDueCents: 0, paymentStatus: 'paid' })
    expect(detail.order.currentStatus).toBe('payment_received')
    expect(detail.updates[0]).toMatchObject({ status: 'payment_received', notes: 'Payment received in full', authorLabel: 'Admin', isCustomerNote: false })
    const notes = await createNotificationRepository(defaultTable()).listForUser(c)
    expect(notes).toHaveLength(1)
    // One payment, one notification: "received" and "paid in full" are one.
    expect(notes[0]).toMatchObject({
      orderId: order.orderId,
      kind: 'payment_received',
      essential: true,
      title: `Payment Received: Colt 1911 (${order.orderNumber})`,
      message: `We received your payment of $146.55: order ${order.orderNumber} is paid in full. Thank you!`,
      context: `Colt 1911 · ${order.orderNumber}`,
      read: false,
    })
    expect(await paymentRepo().getCheckout(checkout.paymentIntentId)).toMatchObject({ status: 'succeeded', lastEventId: expect.stringMatching(/^evt_/) })
  })

  it('a partial payment leaves the order status alone and tells the customer what was received', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: 3333 }])
    expect((await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, 3333))).status).toBe(200)
    const after = (await orderRepo().getOrderDetail(order.orderId))!
    expect(invoiceOf(after.order)).toMatchObject({ amountPaidCents: 3333, balanceDueCents: balanceOf(order) - 3333, paymentStatus: 'partially_paid' })
    expect(after.order.currentStatus).toBe('work_complete')
    expect(after.updates.map((u) => u.status)).toEqual(['order_created'])
    expect(await createNotificationRepository(defaultTable()).listForUser(c)).toEqual([
      expect.objectContaining({ kind: 'payment_received', message: `We received your payment of $33.33 for order ${order.orderNumber}. Thank you!` }),
    ])
  })

  it('20 concurrent deliveries of the same event record exactly one payment', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const due = balanceOf(order)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: due }])
    const event = intentEvent('payment_intent.succeeded', checkout.paymentIntentId, due)
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(event)))
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(results.filter((r) => r.body.outcome === 'recorded')).toHaveLength(1)
    const payments = await paymentsOf(order.orderId)
    expect(payments).toHaveLength(1)
    const after = (await orderRepo().getOrder(order.orderId))!
    expect(after.amountPaidCents).toBe(due)
    expect(after.version).toBe(2)
    expect((await orderRepo().getOrderDetail(order.orderId))!.updates.filter((u) => u.notes === 'Payment received in full')).toHaveLength(1)
    expect(await createNotificationRepository(defaultTable()).listForUser(c)).toHaveLength(1)
  })

  it('20 concurrent deliveries of two events with different ids for one intent record exactly one payment per order', async () => {
    const c = customer()
    const [o1, o2] = await Promise.all([seedOrder(c), seedOrder(c, { estimatedCostCents: 5001 })])
    const checkout = await seedCheckout(c, [
      { orderId: o1.orderId, amountCents: balanceOf(o1) },
      { orderId: o2.orderId, amountCents: balanceOf(o2) },
    ])
    const e1 = intentEvent('payment_intent.succeeded', checkout.paymentIntentId, checkout.amountCents)
    const e2 = intentEvent('payment_intent.succeeded', checkout.paymentIntentId, checkout.amountCents)
    expect(e1.id).not.toBe(e2.id)
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(i % 2 ? e1 : e2)))
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(results.filter((r) => r.body.outcome === 'recorded')).toHaveLength(1)
    for (const o of [o1, o2]) {
      const payments = await paymentsOf(o.orderId)
      expect(payments).toHaveLength(1)
      expect((await orderRepo().getOrder(o.orderId))!.amountPaidCents).toBe(balanceOf(o))
    }
    // a late redelivery of either changes nothing
    expect((await deliver(e1)).body.outcome).toBe('duplicate')
  })

  it('a batch over three orders with odd balances records three payments summing to the charge', async () => {
    const c = customer()
    const orders = await Promise.all([
      seedOrder(c, { estimatedCostCents: 3332, ...billedExtra(101) }),
      seedOrder(c, { estimatedCostCents: 7777, shippingSelected: false }),
      seedOrder(c, { estimatedCostCents: 3, ...billedExtra(999) }),
    ])
    const balances = orders.map(balanceOf)
    const charge = balances.reduce((a, b) => a + b, 0)
    expect(balances.every((b) => b % 2 === 1)).toBe(true)
    const { splitProportionally } = await import('../../shared/src/invoice.ts')
    const shares = splitProportionally(charge, balances)
    // the whole balances: each order gets exactly its own
    expect(shares).toEqual(balances)
    const checkout = await seedCheckout(c, orders.map((o, i) => ({ orderId: o.orderId, amountCents: shares[i] })))
    expect((await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, charge))).body.outcome).toBe('recorded')
    const recorded = await paymentRepo().paymentsForCheckout(checkout)
    expect(recorded).toHaveLength(3)
    expect(recorded.reduce((s, p) => s + p.amountCents, 0)).toBe(charge)
    for (const o of orders) {
      const after = (await orderRepo().getOrder(o.orderId))!
      expect(invoiceOf(after).paymentStatus).toBe('paid')
      expect(after.currentStatus).toBe('payment_received')
    }
    expect(await createNotificationRepository(defaultTable()).listForUser(c)).toHaveLength(3)
  })
})

describe('payment_intent.payment_failed and processing', () => {
  it('a payment_failed after succeeded changes nothing', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: 5000 }])
    await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, 5000))
    const before = await paymentRepo().getCheckout(checkout.paymentIntentId)
    const orderBefore = await orderRepo().getOrder(order.orderId)
    const res = await deliver(intentEvent('payment_intent.payment_failed', checkout.paymentIntentId, 5000, { last_payment_error: { message: 'Your card was declined.' } }))
    expect(res.status).toBe(200)
    expect(res.body.outcome).toBe('unchanged')
    expect(await paymentRepo().getCheckout(checkout.paymentIntentId)).toEqual(before)
    expect(await orderRepo().getOrder(order.orderId)).toEqual(orderBefore)
    expect(await paymentsOf(order.orderId)).toHaveLength(1)
    // nor does a late processing event
    expect((await deliver(intentEvent('payment_intent.processing', checkout.paymentIntentId, 5000))).body.outcome).toBe('unchanged')
    expect((await paymentRepo().getCheckout(checkout.paymentIntentId))?.status).toBe('succeeded')
  })

  it('marks a pending checkout failed with the decline message, then processing, then a retry can succeed', async () => {
    const c = customer()
    const order = await seedOrder(c)
    const checkout = await seedCheckout(c, [{ orderId: order.orderId, amountCents: 5000 }])
    const failed = intentEvent('payment_intent.payment_failed', checkout.paymentIntentId, 5000, { last_payment_error: { message: 'Your card was declined.' } })
    expect((await deliver(failed)).body.outcome).toBe('updated')
    expect(await paymentRepo().getCheckout(checkout.paymentIntentId)).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' })
    // The customer is told once, however often the event is delivered.
    expect((await deliver(failed)).status).toBe(200)
    const notifications = createNotificationRepository(defaultTable())
    expect(await notifications.listForUser(c)).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        kind: 'payment_failed',
        essential: false,
        title: `Payment Failed: Colt 1911 (${order.orderNumber})`,
        message: `Your card payment of $50.00 for order ${order.orderNumber} did not go through. Your card was declined. Please try again.`,
      }),
    ])
    // The decline is in the ledger for staff, with its reason; nothing is paid.
    expect(await paymentsOf(order.orderId)).toEqual([expect.objectContaining({ paymentStatus: 'failed', amountCents: 5000, notes: 'Your card was declined.', paymentIntentId: checkout.paymentIntentId })])
    expect((await orderRepo().getOrder(order.orderId))?.amountPaidCents).toBe(0)

    const processing = intentEvent('payment_intent.processing', checkout.paymentIntentId, 5000)
    expect((await deliver(processing)).body.outcome).toBe('updated')
    const p = await paymentRepo().getCheckout(checkout.paymentIntentId)
    expect(p?.status).toBe('processing')
    expect(p?.failureMessage).toBeUndefined()
    const statuses = async () => (await paymentsOf(order.orderId)).map((x) => x.paymentStatus).sort()
    expect(await statuses()).toEqual(['failed', 'pending'])
    // the older failed event, redelivered late, does not go back
    expect((await deliver(failed)).body.outcome).toBe('unchanged')
    expect((await paymentRepo().getCheckout(checkout.paymentIntentId))?.status).toBe('processing')
    expect(await statuses()).toEqual(['failed', 'pending'])

    expect((await deliver(intentEvent('payment_intent.succeeded', checkout.paymentIntentId, 5000))).body.outcome).toBe('recorded')
    // The success replaced the pending row: one payment, and the decline stays on record.
    expect(await statuses()).toEqual(['failed', 'successful'])
    expect((await orderRepo().getOrder(order.orderId))?.amountPaidCents).toBe(5000)
    // Processing told nothing; the success is the second notification.
    expect((await notifications.listForUser(c)).map((n) => n.kind)).toEqual(['payment_received', 'payment_failed'])
  })
})

describe('other events', () => {
  it('acknowledges an unknown intent with 200 and writes nothing', async () => {
    const res = await deliver(intentEvent('payment_intent.succeeded', `pi_unknown_${randomUUID().slice(0, 8)}`, 1000))
    expect(res.status).toBe(200)
    expect(res.body.outcome).toBe('unknown_intent')
  })

  it('ignores event types it does not handle', async () => {
    const res = await deliver({ ...intentEvent('charge.refunded', 'ch_123', 1000) })
    expect(res.status).toBe(200)
    expect(res.body.outcome).toBe('ignored')
  })
})
