/**
 * One payment path at a time (docs/business-rules.md, "Payments integrity"): staff recording money taken in the shop
 * while the customer pays the same order by card. The shop payment cancels the open card checkout at the provider
 * first, or is refused while the card payment is paid or settling there; a card success that still arrives for a
 * canceled checkout is never counted. Paid never exceeds billed, and the order's sums are its ledger's.
 * Against the dev gateway over HTTP (the stack's own), and against a local fake of Stripe's API in Stripe mode.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerMessages } from '../../shared/src/payment-rules.ts'
import { createCheckoutReviewRepository } from '../../functions/db/repositories/checkout-review.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { invoiceOf, type Order, type OrderDetail } from '../../functions/domain/order.ts'
import { ledgerTotals, unrefundedCents } from '../../functions/domain/payment.ts'
import { ConflictError } from '../../functions/lib/errors.ts'
import { createStripeGateway } from '../../functions/payments/stripe-gateway.ts'
import { createPaymentIntent } from '../../functions/use-cases/create-payment-intent.ts'
import { handleStripeEvent } from '../../functions/use-cases/handle-stripe-event.ts'
import { recordShopPayment } from '../../functions/use-cases/record-shop-payment.ts'
import { ADMIN, api, newCustomer, signIn, useStackTable } from './helpers.ts'
import { confirm, createIntent, deliver, devIntentRepo, intentEvent, orderRepo, paymentRepo, seedCheckout, seedOrder } from './payments-fixtures.ts'

type Customer = Awaited<ReturnType<typeof newCustomer>>

let c: Customer
let adminToken: string
const admin = (path: string, method = 'GET', body?: unknown) => api(path, { token: adminToken, method, body })
const shopPayment = (orderId: string, amountCents: number, method = 'cash') => admin(`/api/admin/orders/${orderId}/payments`, 'POST', { requestId: randomUUID(), method, amountCents })
const detail = async (orderId: string) => (await orderRepo().getOrderDetail(orderId))!

/** Paid never above the bill, nothing held as a credit to refund (unless told), and the order's sums exactly its ledger's. */
function reconciles({ order, payments }: OrderDetail, { credit = false } = {}) {
  const invoice = invoiceOf(order)
  expect(invoice.amountPaidCents).toBeLessThanOrEqual(invoice.totalCents)
  if (!credit) expect(order.creditCents ?? 0).toBe(0)
  if (!credit) expect(payments.filter((p) => p.kind === 'credit' && unrefundedCents(p) > 0)).toEqual([])
  expect(ledgerTotals(payments)).toEqual({ amountPaidCents: order.amountPaidCents, adjustmentsCents: order.adjustmentsCents ?? 0, creditCents: order.creditCents ?? 0 })
}

beforeAll(async () => {
  useStackTable()
  c = await newCustomer('shopcard')
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

describe('dev gateway: a shop payment while the customer pays by card', () => {
  it('open checkout → shop payment → card success arrives: the checkout was canceled first, the card is refused, paid is the cash', async () => {
    const o = await seedOrder(c.id) // $125.00 with shipping
    const intent = (await createIntent(c.token, { orderIds: [o.orderId] })).body
    const cash = await shopPayment(o.orderId, 5_000)
    expect(cash.status, JSON.stringify(cash.body)).toBe(201)
    expect(cash.body.order.invoice).toMatchObject({ amountPaidCents: 5_000, balanceDueCents: 7_500 })
    expect((await devIntentRepo().get(intent.paymentIntentId))?.status).toBe('canceled')
    expect((await paymentRepo().getCheckout(intent.paymentIntentId))?.status).toBe('canceled')
    expect((await orderRepo().getOrder(o.orderId))?.openCheckout).toBeUndefined()

    // The customer submits the card form still open in their browser: the provider refuses a canceled intent.
    const card = await confirm(c.token, intent.paymentIntentId)
    expect(card.status).toBe(400)
    expect(card.body.error.message).toBe('This payment was canceled. Please start the payment again.')
    // A success event for it (a forged or mistaken delivery) is checked with the provider: not counted, flagged for review.
    expect((await deliver(intentEvent('payment_intent.succeeded', intent.paymentIntentId, intent.amountCents))).body.outcome).toBe('not_confirmed')
    const after = await detail(o.orderId)
    expect(after.order.amountPaidCents).toBe(5_000)
    expect(after.payments.find((p) => p.paymentIntentId === intent.paymentIntentId)).toMatchObject({ paymentStatus: 'pending', flag: 'unconfirmed' })
    reconciles(after)

    // The audit log says what staff did to the customer's card payment.
    const activity = await admin(`/api/admin/orders/${o.orderId}/activity`)
    expect(activity.body.items[0]).toMatchObject({ action: 'ledger.payment', summary: "Recorded a Cash payment of $50.00; canceled the customer's open card payment of $125.00" })
    expect(activity.body.items[0].changes).toContainEqual({ field: 'Card checkout', before: `Open (${intent.paymentIntentId})`, after: 'Canceled at the card provider' })

    // The customer pays what is still owed with a fresh intent: exactly the bill in all.
    const rest = (await createIntent(c.token, { orderIds: [o.orderId] })).body
    expect(rest.amountCents).toBe(7_500)
    expect((await confirm(c.token, rest.paymentIntentId)).status).toBe(200)
    const paid = await detail(o.orderId)
    expect(invoiceOf(paid.order)).toMatchObject({ amountPaidCents: 12_500, balanceDueCents: 0, paymentStatus: 'paid' })
    reconciles(paid)
  })

  it('card charged before its webhook came → shop payment refused with the message, the card payment recorded once; the late webhook is a duplicate', async () => {
    const o = await seedOrder(c.id)
    const intent = (await createIntent(c.token, { orderIds: [o.orderId] })).body
    // The provider took the card; the webhook has not arrived yet.
    const dev = (await devIntentRepo().get(intent.paymentIntentId))!
    await devIntentRepo().save({ ...dev, status: 'succeeded', latest_charge: 'ch_test_paid' })

    const cash = await shopPayment(o.orderId, 12_500)
    expect(cash.status).toBe(409)
    expect(cash.body.error).toEqual({ code: 'conflict', message: ledgerMessages.cardPaymentInProgress('succeeded') })
    expect(cash.body.error.message).toMatch(/^A card payment is in progress for this order/)
    // Recorded at once through the webhook's path, so the reloaded order shows it.
    const now = await detail(o.orderId)
    expect(invoiceOf(now.order)).toMatchObject({ amountPaidCents: 12_500, balanceDueCents: 0 })
    expect(now.payments.filter((p) => p.kind === 'payment' && p.paymentStatus === 'successful').map((p) => p.paymentMethod)).toEqual(['Credit Card'])

    expect((await deliver(intentEvent('payment_intent.succeeded', intent.paymentIntentId, intent.amountCents))).body.outcome).toBe('duplicate')
    // Staff trying again now: nothing is owed.
    expect((await shopPayment(o.orderId, 100)).body.error.message).toBe(ledgerMessages.noBalanceDue)
    reconciles(await detail(o.orderId))
  })

  it('a card payment still processing at the provider refuses the shop payment and changes nothing', async () => {
    const o = await seedOrder(c.id)
    const intent = (await createIntent(c.token, { orderIds: [o.orderId] })).body
    const dev = (await devIntentRepo().get(intent.paymentIntentId))!
    await devIntentRepo().save({ ...dev, status: 'processing' })
    const before = await detail(o.orderId)
    const cash = await shopPayment(o.orderId, 2_000)
    expect(cash).toMatchObject({ status: 409, body: { error: { message: ledgerMessages.cardPaymentInProgress('processing') } } })
    expect(await detail(o.orderId)).toEqual(before)
    expect((await paymentRepo().getCheckout(intent.paymentIntentId))?.status).toBe('pending')
  })

  it('a batch checkout is canceled whole: the other order keeps its balance and is paid again by card', async () => {
    const [a, b] = [await seedOrder(c.id), await seedOrder(c.id)]
    const batch = (await createIntent(c.token, { orderIds: [a.orderId, b.orderId] })).body
    expect(batch.amountCents).toBe(25_000)
    const cash = await shopPayment(a.orderId, 12_500)
    expect(cash.status, JSON.stringify(cash.body)).toBe(201)
    expect((await devIntentRepo().get(batch.paymentIntentId))?.status).toBe('canceled')
    const activity = await admin(`/api/admin/orders/${a.orderId}/activity`)
    expect(activity.body.items[0].summary).toBe(`Recorded a Cash payment of $125.00; canceled the customer's open card payment of $250.00 (it also covered ${b.orderNumber}: the customer pays that order again)`)
    expect((await confirm(c.token, batch.paymentIntentId)).status).toBe(400)

    const again = (await createIntent(c.token, { orderIds: [b.orderId] })).body
    expect(again.amountCents).toBe(12_500)
    expect((await confirm(c.token, again.paymentIntentId)).status).toBe(200)
    for (const id of [a.orderId, b.orderId]) {
      const d = await detail(id)
      expect(invoiceOf(d.order)).toMatchObject({ amountPaidCents: 12_500, balanceDueCents: 0 })
      reconciles(d)
    }
  })

  it('a success the provider confirms for a checkout already closed (its cancel never reached the provider): applied up to the balance, the rest a credit the customer and staff see, refunded in one call', async () => {
    const me = await newCustomer('shopcard')
    const o = await seedOrder(me.id)
    expect((await shopPayment(o.orderId, 12_500)).status).toBe(201)
    const late = await seedCheckout(me.id, [{ orderId: o.orderId, amountCents: 12_500 }], { status: 'canceled', includeShipping: true })
    expect((await deliver(intentEvent('payment_intent.succeeded', late.paymentIntentId, 12_500))).body.outcome).toBe('recorded')
    const after = await detail(o.orderId)
    expect(invoiceOf(after.order)).toMatchObject({ amountPaidCents: 12_500, balanceDueCents: 0 })
    expect(after.order.creditCents).toBe(12_500)
    reconciles(after, { credit: true })
    const credit = after.payments.find((p) => p.kind === 'credit')!
    expect(credit).toMatchObject({ amountCents: 12_500, flag: 'overpayment', paymentStatus: 'successful', paymentIntentId: late.paymentIntentId })
    expect(after.updates.map((u) => u.status)).toContain('payment_flagged')
    // Never hidden: the customer's payment history lists it as money received.
    const history = await api('/api/payments', { token: me.token })
    expect(history.body.items).toContainEqual(expect.objectContaining({ paymentId: credit.paymentId, kind: 'credit', amountCents: 12_500 }))
    // Staff give it back to the card.
    const back = await admin(`/api/admin/orders/${o.orderId}/payments/${credit.paymentId}/refunds`, 'POST', { requestId: randomUUID(), method: 'card', amountCents: 12_500, reason: 'Paid twice', purpose: 'return' })
    expect(back.status, JSON.stringify(back.body)).toBe(201)
    expect(back.body.order.invoice).toMatchObject({ amountPaidCents: 12_500, creditCents: 0, balanceDueCents: 0 })
    reconciles(await detail(o.orderId))
  })

  it('the race, 5 rounds: the card confirmed and the cash recorded at the same moment; one of them takes the money, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await seedOrder(c.id)
      const intent = (await createIntent(c.token, { orderIds: [o.orderId] })).body
      const [card, cash] = await Promise.all([confirm(c.token, intent.paymentIntentId), shopPayment(o.orderId, 12_500)])
      const where = `round ${round}: card ${card.status} ${JSON.stringify(card.body)}, cash ${cash.status} ${JSON.stringify(cash.body)}`
      // Exactly one path took the money; the other was told why.
      expect([card.status === 200, cash.status === 201].filter(Boolean), where).toHaveLength(1)
      if (cash.status !== 201) expect([ledgerMessages.cardPaymentInProgress('succeeded'), ledgerMessages.noBalanceDue], where).toContain(cash.body.error.message)
      else expect(card.body.error.message, where).toBe('This payment was canceled. Please start the payment again.')
      const d = await detail(o.orderId)
      expect(invoiceOf(d.order), where).toMatchObject({ amountPaidCents: 12_500, balanceDueCents: 0 })
      reconciles(d)
    }
  })
})

// ---------------------------------------------------------------- Stripe mode

/** PaymentIntents as a local fake of Stripe's API holds them (the official SDK talks to it: STRIPE_API_BASE's way). */
const intents = new Map<string, { id: string; status: string; amount: number; currency: string; amount_received: number; client_secret: string; created: number; metadata: Record<string, string> }>()
let server: Server
let stripe: ReturnType<typeof createStripeGateway>
/** The fake provider unreachable: every request a 500. */
let down = false

/** What Stripe answers: its PaymentIntent object, and its error for a cancel in a state that does not allow one. */
function fakeStripe(method: string, url: string, form: URLSearchParams): { status: number; body: unknown } {
  if (down) return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }
  const [, , , id, action] = url.split('?')[0].split('/')
  if (method === 'POST' && url === '/v1/payment_intents') {
    const pi = { id: `pi_fake_${randomUUID().replace(/-/g, '').slice(0, 16)}`, object: 'payment_intent', status: 'requires_payment_method', amount: Number(form.get('amount')), currency: 'usd', amount_received: 0, created: Math.floor(Date.now() / 1000), metadata: {} }
    intents.set(pi.id, { ...pi, client_secret: `${pi.id}_secret` })
    return { status: 200, body: intents.get(pi.id) }
  }
  const pi = intents.get(id)
  if (!pi) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } } }
  if (method === 'POST' && action === 'cancel') {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status))
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.` } } }
    pi.status = 'canceled'
  }
  return { status: 200, body: { object: 'payment_intent', latest_charge: null, ...pi } }
}

/** The customer's card taken by the fake provider (what Stripe.js confirming the intent does). */
const charge = (id: string) => Object.assign(intents.get(id)!, { status: 'succeeded', amount_received: intents.get(id)!.amount })

describe('Stripe mode (the official SDK against a local fake of /v1/payment_intents): a shop payment while the customer pays by card', () => {
  const table = () => defaultTable()
  const checkouts = () => ({ ...paymentRepo(), ...createCheckoutReviewRepository(table()) })
  /** The webhook's use case, on a verified event, asking the fake provider (stripe-delivery.ts does the same). */
  const webhook = (paymentIntentId: string, id = `evt_${randomUUID()}`) =>
    handleStripeEvent({ event: { id, type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: paymentIntentId } } }, orders: orderRepo(), payments: checkouts(), gateway: stripe })
  const payInShop = (o: Order, amountCents: number) =>
    recordShopPayment({
      orders: orderRepo(),
      ledger: createLedgerRepository(table()),
      gateway: async () => stripe,
      recordPaid: (id) => webhook(id, `observed_${id}`),
      orderId: o.orderId,
      adminId: 'staff-1',
      actor: { id: 'staff-1', name: 'Sam Staff' },
      input: { requestId: randomUUID(), method: 'card_present', amountCents },
    })
  const openCheckout = async (o: Order) => {
    const intent = await createPaymentIntent({ orders: orderRepo(), payments: paymentRepo(), gateway: stripe, customer: { userId: c.id }, input: { orderIds: [o.orderId], includeShipping: true } })
    expect(intent.mode).toBe('stripe')
    return intent
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = ''
      req.on('data', (chunk) => (raw += chunk))
      req.on('end', () => {
        const { status, body } = fakeStripe(req.method ?? '', req.url ?? '', new URLSearchParams(raw))
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
        res.end(JSON.stringify(body))
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const { port } = server.address() as { port: number }
    stripe = createStripeGateway({ secretKey: 'sk_test_fake', client: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 } })
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('open checkout → shop payment (the intent canceled at Stripe first) → a success event still arrives: not counted, flagged; paid ≤ billed', async () => {
    const o = await seedOrder(c.id)
    const intent = await openCheckout(o)
    const { order } = await payInShop(o, 4_000)
    expect(intents.get(intent.paymentIntentId)?.status).toBe('canceled')
    expect(order.openCheckout).toBeUndefined()
    expect((await paymentRepo().getCheckout(intent.paymentIntentId))?.status).toBe('canceled')

    expect(await webhook(intent.paymentIntentId)).toBe('not_confirmed')
    const after = await detail(o.orderId)
    expect(after.order.amountPaidCents).toBe(4_000)
    expect(after.payments.find((p) => p.paymentIntentId === intent.paymentIntentId)).toMatchObject({ flag: 'unconfirmed', paymentStatus: 'pending' })
    reconciles(after)
  })

  it('Stripe refuses the cancel (the card was just charged): the shop payment is a 409 that says so, the card payment is recorded once', async () => {
    const o = await seedOrder(c.id)
    const intent = await openCheckout(o)
    charge(intent.paymentIntentId)
    const refused = payInShop(o, 12_500)
    await expect(refused).rejects.toBeInstanceOf(ConflictError)
    await expect(refused).rejects.toThrow(ledgerMessages.cardPaymentInProgress('succeeded'))
    expect(await webhook(intent.paymentIntentId)).toBe('duplicate')
    const after = await detail(o.orderId)
    expect(invoiceOf(after.order)).toMatchObject({ amountPaidCents: 12_500, balanceDueCents: 0 })
    expect(after.payments.filter((p) => p.paymentStatus === 'successful')).toHaveLength(1)
    reconciles(after)
  })

  it('Stripe cannot be reached: the shop payment is refused (502) and nothing is written, the card checkout stays open', async () => {
    const o = await seedOrder(c.id)
    const intent = await openCheckout(o)
    const before = await detail(o.orderId)
    down = true
    try {
      await expect(payInShop(o, 1_000)).rejects.toMatchObject({ statusCode: 502, message: expect.stringMatching(/^Payment processing error: /) })
    } finally {
      down = false
    }
    expect(await detail(o.orderId)).toEqual(before)
    expect(intents.get(intent.paymentIntentId)?.status).toBe('requires_payment_method')
  })

  it('still processing at Stripe: refused, nothing written', async () => {
    const o = await seedOrder(c.id)
    const intent = await openCheckout(o)
    intents.get(intent.paymentIntentId)!.status = 'processing'
    const before = await detail(o.orderId)
    await expect(payInShop(o, 1_000)).rejects.toThrow(ledgerMessages.cardPaymentInProgress('processing'))
    expect(await detail(o.orderId)).toEqual(before)
  })
})
