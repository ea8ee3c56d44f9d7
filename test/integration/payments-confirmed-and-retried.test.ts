/**
 * The customer pays the bill they confirmed, and a provider outage never blocks the next try:
 * - over HTTP with the stack's dev gateway: a bill raised between the page and Pay is a 409 with the new amount,
 *   nothing is created; paying again with the new amount goes through;
 * - in Stripe mode, the official SDK against the local fake of Stripe's API (test/support/fake-stripe.ts), which
 *   replays a saved 500 under its Idempotency-Key as Stripe does: a 500 on an intent or a refund, then a retry at once,
 *   succeeds with one intent, one checkout, one refund; a double click is still one intent.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheckoutReviewRepository } from '../../functions/db/repositories/checkout-review.ts'
import { createProviderAttemptRepository } from '../../functions/db/repositories/provider-attempts.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { invoiceOf, type Order } from '../../functions/domain/order.ts'
import { withAttemptKeys } from '../../functions/payments/attempt-keys.ts'
import { createPaymentIntent } from '../../functions/use-cases/create-payment-intent.ts'
import { handleStripeEvent } from '../../functions/use-cases/handle-stripe-event.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'
import { ADMIN, api, newCustomer, signIn, useStackTable } from './helpers.ts'
import { balanceOf, confirm, createIntent, orderRepo, paymentRepo, seedOrder } from './payments-fixtures.ts'

let c: Awaited<ReturnType<typeof newCustomer>>
let adminToken: string

beforeAll(async () => {
  useStackTable()
  c = await newCustomer('confirmed')
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

describe('POST /api/payments/intents with the amount the customer confirmed', () => {
  it('staff raise the estimate while the customer is on the page: 409 bill_changed with the new amount, nothing created; paying the new amount → 201', async () => {
    const o = await seedOrder(c.id) // $100.00 + $25.00 shipping
    const seen = balanceOf(o)
    const raise = await api(`/api/admin/orders/${o.orderId}`, { token: adminToken, method: 'PATCH', body: { version: o.version, estimatedCostCents: o.estimatedCostCents + 4_000 } })
    expect(raise.status, JSON.stringify(raise.body)).toBe(200)

    const stale = await createIntent(c.token, { orderIds: [o.orderId], includeShipping: true, confirmedBalanceCents: seen })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toEqual({
      code: 'bill_changed',
      message: 'The amount due changed from $125.00 to $165.00 since this page was loaded. Nothing was charged: please check the new amount and pay again.',
      fields: { confirmedBalanceCents: expect.any(String) },
      details: { balanceDueCents: 16_500 },
    })
    // Nothing was created: no checkout on the order.
    expect((await orderRepo().getOrder(o.orderId))?.openCheckout).toBeUndefined()

    const again = await createIntent(c.token, { orderIds: [o.orderId], includeShipping: true, confirmedBalanceCents: 16_500 })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect(again.body.amountCents).toBe(16_500)
    expect((await confirm(c.token, again.body.paymentIntentId)).status).toBe(200)
    expect(invoiceOf((await orderRepo().getOrder(o.orderId))!)).toMatchObject({ amountPaidCents: 16_500, balanceDueCents: 0 })
  })

  it('a batch: any order changed refuses the whole payment; the shipping choice is part of the bill', async () => {
    const [a, b] = [await seedOrder(c.id), await seedOrder(c.id)]
    const withShipping = balanceOf(a) + balanceOf(b)
    // The page showed the bill without return shipping; the request asks for it with shipping.
    const mixed = await createIntent(c.token, { orderIds: [a.orderId, b.orderId], includeShipping: true, confirmedBalanceCents: withShipping - 5_000 })
    expect(mixed.status).toBe(409)
    expect(mixed.body.error.details).toEqual({ balanceDueCents: withShipping })
    const ok = await createIntent(c.token, { orderIds: [a.orderId, b.orderId], includeShipping: true, confirmedBalanceCents: withShipping })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body.amountCents).toBe(withShipping)
  })
})

describe('Stripe mode: a provider 500 blocks nothing (the fake replays it per Idempotency-Key, like Stripe)', () => {
  let fake: FakeStripe
  const table = () => defaultTable()
  const gateway = () => withAttemptKeys({ gateway: fake.gateway(), attempts: createProviderAttemptRepository(table()) })
  const pay = (o: Order, extra: { confirmedBalanceCents?: number } = {}) =>
    createPaymentIntent({ orders: orderRepo(), payments: paymentRepo(), gateway: gateway(), customer: { userId: c.id }, input: { orderIds: [o.orderId], includeShipping: true, ...extra } })
  const intentPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')

  beforeAll(async () => {
    fake = await startFakeStripe()
  })
  afterAll(() => fake.close())

  it('a bill changed since the page: refused before the provider is asked', async () => {
    const o = await seedOrder(c.id)
    const before = fake.requests.length
    const err = await pay(o, { confirmedBalanceCents: balanceOf(o) - 1 }).catch((e) => e)
    expect(err).toMatchObject({ statusCode: 409, code: 'bill_changed', details: { balanceDueCents: balanceOf(o) } })
    expect(fake.requests.length).toBe(before)
  })

  it('500 on creating the intent, a retry at once → success: one intent at the provider, one checkout', async () => {
    const o = await seedOrder(c.id)
    const posted = intentPosts().length
    fake.failNext(1)
    const down = await pay(o).catch((e) => e)
    // The customer reads the product's words, never the provider's.
    expect(down).toMatchObject({ statusCode: 502, message: 'We could not start your card payment. Nothing was charged. Please try again in a moment.' })

    const intent = await pay(o)
    const keys = intentPosts().slice(posted).map((r) => r.idempotencyKey)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(`${keys[0]}-a1`)
    expect([...fake.intents.values()].filter((pi) => pi.metadata.orderId === o.orderId)).toHaveLength(1)
    const order = (await orderRepo().getOrder(o.orderId))!
    expect(order.openCheckout?.paymentIntentId).toBe(intent.paymentIntentId)
    expect((await paymentRepo().getCheckout(intent.paymentIntentId))?.status).toBe('pending')

    // Asked again (a reload): the same intent, no new request to create one.
    expect((await pay(o)).paymentIntentId).toBe(intent.paymentIntentId)
    expect(intentPosts().length).toBe(posted + 2)
  })

  it('a double click: two concurrent requests are one intent and one checkout', async () => {
    const o = await seedOrder(c.id)
    const [x, y] = await Promise.all([pay(o), pay(o)])
    expect(x.paymentIntentId).toBe(y.paymentIntentId)
    expect([...fake.intents.values()].filter((pi) => pi.metadata.orderId === o.orderId)).toHaveLength(1)
    expect((await orderRepo().getOrder(o.orderId))?.openCheckout?.paymentIntentId).toBe(x.paymentIntentId)
  })

  it('an amount above Stripe’s maximum is refused before the provider is asked', async () => {
    const o = await seedOrder(c.id, { estimatedCostCents: 100_000_000 })
    const before = fake.requests.length
    const err = await pay(o).catch((e) => e)
    expect(err).toMatchObject({ statusCode: 400, message: 'A card payment can be at most $999,999.99. Please pay part of it, or contact the shop to pay this amount.' })
    expect(fake.requests.length).toBe(before)
  })

  /** A card payment the fake provider charged and the webhook recorded; the ledger entry's id. */
  async function paidIntent() {
    const o = await seedOrder(c.id)
    const intent = await pay(o)
    fake.charge(intent.paymentIntentId)
    const outcome = await handleStripeEvent({
      event: { id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: intent.paymentIntentId } } },
      orders: orderRepo(),
      payments: { ...paymentRepo(), ...createCheckoutReviewRepository(table()) },
      gateway: gateway(),
    })
    expect(outcome).toBe('recorded')
    return { o, intent }
  }
  const refundsOf = (paymentIntentId: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntentId)

  it('500 on a card refund, the same request again at once → refunded once', async () => {
    const { o, intent } = await paidIntent()
    // What the refund use case sends for a refund entry (its id names the refund; the gateway names the attempt).
    const entry = `refund_${randomUUID()}`
    const request = { paymentIntentId: intent.paymentIntentId, amountCents: 2_500, idempotencyKey: `gs-${entry}`, metadata: { orderId: o.orderId, ledgerEntry: entry, refundOf: 'pay' } }
    fake.failNext(1)
    expect(await gateway().refund(request).catch((e) => e)).toMatchObject({ statusCode: 502 })
    const refund = await gateway().refund(request)
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 2_500 })
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1)
    // Asked once more (a staff retry after the answer was lost): the same refund, not a second one.
    expect((await gateway().refund(request)).refundId).toBe(refund.refundId)
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1)
    // Two creates, the second under the next attempt's key; the third request found the refund at the provider.
    const keys = fake.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST' && r.idempotencyKey?.startsWith(`gs-${entry}`)).map((r) => r.idempotencyKey)
    expect(keys).toEqual([`gs-${entry}`, `gs-${entry}-a1`])
  })

  it('a refund whose answer was lost (made at the provider, then a 500 to the next request): found, never made twice', async () => {
    const { o, intent } = await paidIntent()
    const entry = `refund_${randomUUID()}`
    const metadata = { orderId: o.orderId, ledgerEntry: entry, refundOf: 'pay' }
    const attempts = createProviderAttemptRepository(table())
    // The first attempt's refund was made; its answer never came back, and the attempt moved on.
    const first = await fake.gateway().refund({ paymentIntentId: intent.paymentIntentId, amountCents: 1_000, idempotencyKey: `gs-${entry}`, metadata })
    await attempts.advance(`gs-${entry}`, 0)
    const again = await gateway().refund({ paymentIntentId: intent.paymentIntentId, amountCents: 1_000, idempotencyKey: `gs-${entry}`, metadata })
    expect(again.refundId).toBe(first.refundId)
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1)
  })
})
