/**
 * The Stripe webhook takes a signature dated within 5 minutes of now, either way: the SDK refuses one older than
 * that, functions/stripe-delivery.ts one dated further ahead. Signed with the SDK's own test header, delivered over
 * HTTP to the deployed bundle, as Stripe delivers.
 */
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_WEBHOOK_SECRET } from '../../functions/lib/stripe-secrets.ts'
import { INVALID_SIGNATURE, SIGNATURE_FUTURE_TOLERANCE_SECONDS } from '../../functions/stripe-delivery.ts'
import { balanceOf, deliver, intentEvent, orderRepo, paymentRepo, seedCheckout, seedOrder } from './payments-fixtures.ts'
import { useStackTable } from './helpers.ts'

beforeAll(() => {
  useStackTable()
})

const MINUTE = 60

/** A checkout the provider reports paid, and its success event signed `offsetSeconds` from now. */
async function paidCheckoutSignedAt(offsetSeconds: number) {
  // Before intake: a payment needs no firearm in custody, and this keeps the test to the signature.
  const order = await seedOrder(randomUUID(), { currentStatus: 'order_created' })
  const checkout = await seedCheckout(order.customerId, [{ orderId: order.orderId, amountCents: balanceOf(order) }])
  const event = intentEvent('payment_intent.succeeded', checkout.paymentIntentId, checkout.amountCents)
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: JSON.stringify(event),
    secret: LOCAL_WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
  })
  return { order, checkout, event, signature }
}

describe('POST /api/webhooks/stripe: the time a signature was made', () => {
  it('allows 5 minutes either way', () => {
    expect(SIGNATURE_FUTURE_TOLERANCE_SECONDS).toBe(5 * MINUTE)
  })

  it.each([
    ['4 minutes ahead', 4 * MINUTE],
    ['4 minutes ago', -4 * MINUTE],
  ])('records a delivery signed %s', async (_when, offset) => {
    const { order, checkout, event, signature } = await paidCheckoutSignedAt(offset)
    const res = await deliver(event, { signature })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ received: true, outcome: 'recorded' })
    expect((await orderRepo().getOrderDetail(order.orderId))!.payments.map((p) => p.amountCents)).toEqual([checkout.amountCents])
  })

  it.each([
    ['6 minutes ahead', 6 * MINUTE],
    ['an hour ahead', 60 * MINUTE],
    ['6 minutes ago', -6 * MINUTE],
  ])('refuses a delivery signed %s with 400, as a bad signature, and writes nothing', async (_when, offset) => {
    const { order, checkout, event, signature } = await paidCheckoutSignedAt(offset)
    const res = await deliver(event, { signature })
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual({ code: 'validation_failed', message: INVALID_SIGNATURE })
    expect((await paymentRepo().getCheckout(checkout.paymentIntentId))?.status).toBe('pending')
    const after = (await orderRepo().getOrderDetail(order.orderId))!
    expect(after.payments).toEqual([])
    expect(after.order.version).toBe(order.version)
  })

  it('reads the signed time as the SDK does: a second `t=` is the one signed, and it is the one bounded', async () => {
    const { checkout, event, signature } = await paidCheckoutSignedAt(6 * MINUTE)
    // A valid time put first does not hide the signed one (the SDK too takes the last `t=`).
    const res = await deliver(event, { signature: `t=${Math.floor(Date.now() / 1000)},${signature}` })
    expect(res.status).toBe(400)
    expect((await paymentRepo().getCheckout(checkout.paymentIntentId))?.status).toBe('pending')
  })
})
