import { describe, expect, it, vi } from 'vitest'
import type { Payment } from '../../functions/domain/order.ts'
import { invoiceOf, type Order } from '../../functions/domain/order.ts'
import type { Checkout } from '../../functions/domain/payment.ts'
import { VersionConflict } from '../../functions/db/repositories/orders.ts'
import type { OpenCheckoutWrite, SucceededCheckoutWrite, WriteOutcome } from '../../functions/db/repositories/payments.ts'
import type { ProviderIntent } from '../../functions/payments/gateway.ts'
import type { PaymentIntentEvent } from '../../functions/payments/stripe-events.ts'
import { createPaymentIntent } from '../../functions/use-cases/create-payment-intent.ts'
import { handleStripeEvent } from '../../functions/use-cases/handle-stripe-event.ts'
import { listAdminPayments } from '../../functions/use-cases/list-admin-payments.ts'
import { confirmDevPayment } from '../../functions/use-cases/confirm-dev-payment.ts'
import type { DevIntent } from '../../functions/db/repositories/dev-intents.ts'
import { adminPaymentsQuerySchema } from '../../shared/src/schemas/admin-payments.ts'
import { providerIntent } from '../support/provider.ts'
import { testOrder } from '../support/orders.ts'
import { createIntentSchema, devConfirmSchema } from '../../shared/src/schemas/payments.ts'

process.env.LOG_LEVEL ??= 'silent'

const ID1 = '11111111-1111-4111-8111-111111111111'
const ID2 = '22222222-2222-4222-8222-222222222222'
const ID3 = '33333333-3333-4333-8333-333333333333'

const order = (over: Partial<Order> = {}): Order =>
  testOrder({ orderId: ID1, customerId: 'cust', customerName: 'Pat Payer', customerEmail: 'pat@example.com', currentStatus: 'work_complete', ...over })

function fakes(initial: Order[]) {
  const store = new Map(initial.map((o) => [o.orderId, o]))
  const checkouts = new Map<string, Checkout>()
  /** The provider's side: intent id → status. */
  const provider = new Map<string, string>()
  const orders = {
    getOrders: vi.fn(async (ids: string[]) => ids.map((id) => store.get(id)).filter((o): o is Order => !!o)),
  }
  const payments = {
    getCheckout: vi.fn(async (id: string) => checkouts.get(id) ?? null),
    openCheckout: vi.fn(async (w: OpenCheckoutWrite) => {
      if (w.orders.some(({ order: o, expected }) => store.get(o.orderId)?.version !== expected)) throw new VersionConflict()
      if (checkouts.get(w.checkout.paymentIntentId)?.status === 'succeeded') return false
      for (const { order: o } of w.orders) store.set(o.orderId, o)
      checkouts.set(w.checkout.paymentIntentId, w.checkout)
      for (const id of w.cancel) checkouts.set(id, { ...checkouts.get(id)!, status: 'canceled' })
      return true
    }),
  }
  const gateway = {
    mode: 'dev' as const,
    createIntent: vi.fn(async (req: { idempotencyKey: string; amountCents: number }) => {
      const id = `pi_${req.idempotencyKey.slice(-8)}`
      if (!provider.has(id)) provider.set(id, 'requires_payment_method')
      return { paymentIntentId: id, clientSecret: `${id}_secret`, amountCents: req.amountCents }
    }),
    retrieveIntent: vi.fn(async (id: string): Promise<ProviderIntent | null> => {
      const status = provider.get(id)
      return status ? { id, status, amountCents: 0, amountReceivedCents: 0, currency: 'usd', receiptUrl: null, clientSecret: `${id}_secret`, lastPaymentError: null, created: 1, metadata: {} } : null
    }),
    cancelIntent: vi.fn(async (id: string) => {
      const status = provider.get(id)
      if (!status) return null
      if (status === 'requires_payment_method') provider.set(id, 'canceled')
      return { status: provider.get(id)! }
    }),
  }
  return { store, checkouts, provider, orders, payments, gateway }
}

const input = (over: Record<string, unknown>) => createIntentSchema.parse({ orderIds: [ID1], ...over })

describe('createPaymentIntent', () => {
  it('charges the balance, points the order at its one open checkout, and hands the same intent back to a repeat', async () => {
    const f = fakes([order()])
    const r1 = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    expect(r1).toMatchObject({ amountCents: 12_500, allocations: [{ orderId: ID1, amountCents: 12_500 }], mode: 'dev', clientSecret: `${r1.paymentIntentId}_secret` })
    const req = f.gateway.createIntent.mock.calls[0][0]
    expect(req).toMatchObject({ amountCents: 12_500, description: 'Payment for Order #GS-000001', receiptEmail: 'pat@example.com', metadata: { orderId: ID1, shippingSelected: 'true' } })
    expect(f.store.get(ID1)).toMatchObject({ version: 2, openCheckout: { paymentIntentId: r1.paymentIntentId, amountCents: 12_500, includeShipping: true, totalCents: 12_500 } })
    expect(f.checkouts.get(r1.paymentIntentId)).toMatchObject({ customerId: 'cust', status: 'pending', orderIds: [ID1], includeShipping: true })
    const r2 = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    expect(r2.paymentIntentId).toBe(r1.paymentIntentId)
    expect(f.gateway.createIntent).toHaveBeenCalledTimes(1)
    expect(f.gateway.cancelIntent).not.toHaveBeenCalled()
    expect(f.store.get(ID1)?.version).toBe(2)
  })

  it('a different payment cancels the open intent at the provider first, then opens a fresh one with a fresh key', async () => {
    const f = fakes([order()])
    const first = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    const second = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }) })
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId)
    expect(f.gateway.cancelIntent).toHaveBeenCalledWith(first.paymentIntentId)
    expect(f.provider.get(first.paymentIntentId)).toBe('canceled')
    expect(f.checkouts.get(first.paymentIntentId)?.status).toBe('canceled')
    expect(f.store.get(ID1)?.openCheckout?.paymentIntentId).toBe(second.paymentIntentId)
    // Back to the first amount: not the canceled intent again (the versions moved, so the key did).
    const third = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    expect([first.paymentIntentId, second.paymentIntentId]).not.toContain(third.paymentIntentId)
    expect(f.provider.get(third.paymentIntentId)).toBe('requires_payment_method')
  })

  it('refuses a new payment while the open one is processing or already paid at the provider, creating nothing', async () => {
    const f = fakes([order()])
    const first = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    f.provider.set(first.paymentIntentId, 'succeeded')
    await expect(createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }) })).rejects.toMatchObject({ statusCode: 409, message: 'This payment has already been completed.' })
    f.checkouts.set(first.paymentIntentId, { ...f.checkouts.get(first.paymentIntentId)!, status: 'processing' })
    await expect(createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }) })).rejects.toMatchObject({ statusCode: 409, message: 'A payment for this order is being processed. Please wait for it to finish before paying again.' })
    expect(f.gateway.createIntent).toHaveBeenCalledTimes(1)
  })

  it('of two tabs racing, the loser cancels its own intent and retries over the winner', async () => {
    const f = fakes([order()])
    const original = f.payments.openCheckout.getMockImplementation()!
    // The other tab commits its checkout between our read and our write.
    f.payments.openCheckout.mockImplementationOnce(async (w) => {
      const rival = { ...f.store.get(ID1)!, version: 2, openCheckout: { paymentIntentId: 'pi_rival', amountCents: 5_000, includeShipping: true, totalCents: 12_500 } }
      f.store.set(ID1, rival)
      f.provider.set('pi_rival', 'requires_payment_method')
      f.checkouts.set('pi_rival', { paymentIntentId: 'pi_rival', customerId: 'cust', orderIds: [ID1], allocations: [{ orderId: ID1, amountCents: 5_000 }], amountCents: 5_000, includeShipping: true, status: 'pending', mode: 'dev', createdAt: 'x', updatedAt: 'x' })
      return original(w)
    })
    const mine = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    const lost = f.gateway.createIntent.mock.results[0].value as Promise<{ paymentIntentId: string }>
    expect(f.provider.get((await lost).paymentIntentId)).toBe('canceled')
    expect(f.provider.get('pi_rival')).toBe('canceled')
    expect(f.store.get(ID1)?.openCheckout?.paymentIntentId).toBe(mine.paymentIntentId)
    expect(f.provider.get(mine.paymentIntentId)).toBe('requires_payment_method')
  })

  it('a staff write that leaves the payment as it was (a part added under a partial payment) does not cost the customer the intent', async () => {
    const f = fakes([order()])
    const original = f.payments.openCheckout.getMockImplementation()!
    // Staff add a $15 part between our read and each of our first three writes.
    let landed = 0
    f.payments.openCheckout.mockImplementation(async (w) => {
      if (landed < 3) {
        landed += 1
        const o = f.store.get(ID1)!
        f.store.set(ID1, { ...o, version: o.version + 1, lines: [...(o.lines ?? []), { lineId: `l${landed}`, kind: 'part', name: 'Pin', unitCents: 1_500, quantity: 1, needsApproval: false, createdAt: 'x', createdBy: 'admin' }] })
      }
      return original(w)
    })
    const r = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }) })
    expect(f.gateway.createIntent).toHaveBeenCalledTimes(1)
    expect(f.gateway.cancelIntent).not.toHaveBeenCalled()
    expect(f.store.get(ID1)).toMatchObject({ version: 5, openCheckout: { paymentIntentId: r.paymentIntentId, amountCents: 5_000, totalCents: invoiceOf(f.store.get(ID1)!).totalCents } })
    expect(invoiceOf(f.store.get(ID1)!).totalCents).toBeGreaterThan(12_500)
  })

  it('a staff write that changes what the payment charges (the whole balance) starts it over with a new intent', async () => {
    const f = fakes([order()])
    const original = f.payments.openCheckout.getMockImplementation()!
    f.payments.openCheckout.mockImplementationOnce(async (w) => {
      const o = f.store.get(ID1)!
      f.store.set(ID1, { ...o, version: o.version + 1, lines: [{ lineId: 'l1', kind: 'part', name: 'Pin', unitCents: 1_500, quantity: 1, needsApproval: false, createdAt: 'x', createdBy: 'admin' }] })
      return original(w)
    })
    const r = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    const first = (await (f.gateway.createIntent.mock.results[0].value as Promise<{ paymentIntentId: string }>)).paymentIntentId
    expect(f.provider.get(first)).toBe('canceled')
    expect(r.paymentIntentId).not.toBe(first)
    expect(r.amountCents).toBe(invoiceOf(f.store.get(ID1)!).balanceDueCents)
  })

  it('keeps the shipping choice on the checkout, not on the order (an abandoned checkout changes nothing)', async () => {
    const f = fakes([order()])
    const r = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ includeShipping: false }) })
    expect(r.amountCents).toBe(10_000)
    expect(f.store.get(ID1)?.shippingSelected).toBe(true)
    expect(invoiceOf(f.store.get(ID1)!).totalCents).toBe(12_500)
    expect(f.checkouts.get(r.paymentIntentId)?.includeShipping).toBe(false)
  })

  it('allows a partial amount up to the balance only', async () => {
    const f = fakes([order({ amountPaidCents: 2500 })])
    expect((await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 10_000 }) })).amountCents).toBe(10_000)
    await expect(createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 10_001 }) })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Payment amount cannot exceed the balance due of $100.00',
    })
  })

  it("keeps Stripe's $0.50 minimum: no smaller charge, no partial payment leaving less than $0.50 owing", async () => {
    const f = fakes([order({ amountPaidCents: 2500 })])
    const pay = (amountCents?: number) => createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input(amountCents === undefined ? {} : { amountCents }) })
    await expect(pay(25)).rejects.toMatchObject({ statusCode: 400, message: 'A card payment must be at least $0.50.' })
    await expect(pay(9_975)).rejects.toMatchObject({ statusCode: 400, message: 'A partial payment must leave at least $0.50 owing. Pay the full balance of $100.00, or at most $99.50.' })
    expect((await pay(50)).amountCents).toBe(50)
    expect((await pay(9_950)).amountCents).toBe(9_950)
    const small = fakes([order({ amountPaidCents: 12_475 })])
    await expect(createPaymentIntent({ ...small, customer: { userId: 'cust' }, input: input({}) })).rejects.toMatchObject({
      statusCode: 400,
      message: 'The balance of $0.25 is below the $0.50 minimum for a card payment. Please pay it at the shop.',
    })
    expect(small.gateway.createIntent).not.toHaveBeenCalled()
  })

  it('splits a batch by balance and describes all orders', async () => {
    const f = fakes([order(), order({ orderId: ID2, orderNumber: 'GS-000002', estimatedCostCents: 333 }), order({ orderId: ID3, orderNumber: 'GS-000003', amountPaidCents: 5000 })])
    const r = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: createIntentSchema.parse({ orderIds: [ID1, ID2, ID3] }) })
    expect(r.allocations.map((a) => a.amountCents)).toEqual([12_500, 2833, 7500])
    expect(r.amountCents).toBe(12_500 + 2833 + 7500)
    expect(f.gateway.createIntent.mock.calls[0][0]).toMatchObject({ description: 'Payment for Orders #GS-000001, #GS-000002, #GS-000003', metadata: { batch: 'true', orderNumbers: 'GS-000001,GS-000002,GS-000003' } })
  })

  it("404s someone else's or a deleted order and 400s an archived or settled one, before anything is written", async () => {
    const f = fakes([order({ customerId: 'other' }), order({ orderId: ID2, isDeleted: true }), order({ orderId: ID3, isArchived: true })])
    for (const [id, status] of [[ID1, 404], [ID2, 404], [ID3, 400]] as const) {
      await expect(createPaymentIntent({ ...f, customer: { userId: id === ID1 ? 'cust' : 'cust' }, input: input({ orderIds: [id], includeShipping: false }) })).rejects.toMatchObject({ statusCode: status })
    }
    const paid = fakes([order({ amountPaidCents: 12_500 })])
    await expect(createPaymentIntent({ ...paid, customer: { userId: 'cust' }, input: input({}) })).rejects.toMatchObject({ message: 'This order has no balance due' })
    expect(f.payments.openCheckout).not.toHaveBeenCalled()
    expect(f.gateway.createIntent).not.toHaveBeenCalled()
  })
})

describe('request schemas', () => {
  it('words the intent errors as the spec does', () => {
    const msg = (v: unknown) => {
      const r = createIntentSchema.safeParse(v)
      return r.success ? null : r.error.issues[0].message
    }
    expect(msg({ orderIds: [] })).toBe('Missing order ID')
    expect(msg({})).toBe('Missing order ID')
    expect(msg({ orderIds: [ID1], amountCents: 0 })).toBe('Payment amount must be greater than zero')
    expect(msg({ orderIds: [ID1], amountCents: -1 })).toBe('Payment amount must be greater than zero')
    expect(msg({ orderIds: Array.from({ length: 21 }, () => ID1) })).toBe('A payment can cover at most 20 orders')
    expect(createIntentSchema.parse({ orderIds: [ID1, ID1.toUpperCase()] })).toEqual({ orderIds: [ID1], includeShipping: true })
    expect(devConfirmSchema.parse({ cardNumber: '4242 4242-4242 4242' }).cardNumber).toBe('4242424242424242')
  })

  it('parses the admin payments query', () => {
    expect(adminPaymentsQuerySchema.parse({})).toEqual({ search: '', status: undefined, sort: 'date', direction: 'desc', page: 1 })
    expect(adminPaymentsQuerySchema.parse({ status: 'all', page: '3', sort: 'amount', direction: 'asc', search: ' Colt ' })).toEqual({ search: 'Colt', status: undefined, sort: 'amount', direction: 'asc', page: 3 })
    expect(adminPaymentsQuerySchema.safeParse({ page: '0' }).success).toBe(false)
  })
})

const event = (type: string, over: Partial<PaymentIntentEvent['data']['object']> = {}): PaymentIntentEvent => ({ id: 'evt_1', type, created: 100, data: { object: { id: 'pi_1', ...over } } })

describe('handleStripeEvent', () => {
  const checkout: Checkout = { paymentIntentId: 'pi_1', customerId: 'cust', orderIds: [ID1], allocations: [{ orderId: ID1, amountCents: 12_500 }], amountCents: 12_500, status: 'pending', mode: 'stripe', createdAt: 'x', updatedAt: 'x' }

  function repo(outcomes: WriteOutcome[]) {
    let current: Checkout = { ...checkout }
    const writes: SucceededCheckoutWrite[] = []
    return {
      writes,
      getCheckout: vi.fn(async () => current),
      recordSucceededCheckout: vi.fn(async (w: SucceededCheckoutWrite) => {
        writes.push(w)
        const o = outcomes.shift() ?? { committed: true }
        if (o.committed) current = { ...current, status: 'succeeded' }
        return o
      }),
      applyCheckoutEvent: vi.fn(async () => true),
    }
  }
  let version = 1
  const orders = { getOrders: vi.fn(async () => [order({ version: version++ })]) }
  /** The provider's answer: by default it confirms the checkout exactly. */
  const provider = (over: Partial<ProviderIntent> = {}) => ({
    retrieveIntent: vi.fn(async (): Promise<ProviderIntent | null> => providerIntent('pi_1', 12_500, over)),
  })

  it('builds one write: payment, paid order with its status, update and notification, receipt from Stripe', async () => {
    const payments = repo([])
    const gateway = provider({ receiptUrl: 'https://pay.stripe.com/receipts/x' })
    expect(await handleStripeEvent({ event: event('payment_intent.succeeded', { latest_charge: 'ch_1' }), orders, payments, gateway, now: () => new Date('2026-03-01T00:00:00.000Z') })).toBe('recorded')
    const [w] = payments.writes
    expect(w.payments).toEqual([expect.objectContaining({ paymentId: `pay_pi_1_${ID1}`, amountCents: 12_500, paymentStatus: 'successful', receiptUrl: 'https://pay.stripe.com/receipts/x', paymentDate: '2026-03-01T00:00:00.000Z' })])
    const [{ order: written, expectedVersion }] = w.orders
    expect(written.version).toBe(expectedVersion + 1)
    expect(written.currentStatus).toBe('payment_received')
    expect(invoiceOf(written).paymentStatus).toBe('paid')
    expect(w.updates.map((u) => u.notes)).toEqual(['Payment received in full'])
    expect(w.notifications).toHaveLength(1)
    expect(w.event).toEqual({ id: 'evt_1', type: 'payment_intent.succeeded', created: 100 })
  })

  it('retries on fresh data when an order changed concurrently, then records', async () => {
    const payments = repo([{ committed: false, reasons: ['None', 'None', 'ConditionalCheckFailed', 'None'] }, { committed: false, reasons: ['TransactionConflict'] }])
    const sleep = vi.fn(async () => undefined)
    expect(await handleStripeEvent({ event: event('payment_intent.succeeded'), orders, payments, gateway: provider(), sleep })).toBe('recorded')
    expect(payments.recordSucceededCheckout).toHaveBeenCalledTimes(3)
    expect(sleep).toHaveBeenCalledTimes(2)
    // each attempt re-reads the orders and expects the version it read
    expect(new Set(payments.writes.map((w) => w.orders[0].expectedVersion)).size).toBe(3)
  })

  it('throws (a 500, so Stripe retries) when the payment cannot be recorded', async () => {
    const payments = repo(Array.from({ length: 10 }, () => ({ committed: false, reasons: ['TransactionConflict'] })))
    await expect(handleStripeEvent({ event: event('payment_intent.succeeded'), orders, payments, gateway: provider(), maxAttempts: 3, sleep: async () => undefined })).rejects.toThrow(/Could not record payment pi_1/)
    // The provider cannot be asked: nothing is written, Stripe retries.
    const unreachable = repo([])
    const down = { retrieveIntent: vi.fn(async () => Promise.reject(new Error('stripe down'))) }
    await expect(handleStripeEvent({ event: event('payment_intent.succeeded', { latest_charge: 'ch_1' }), orders, payments: unreachable, gateway: down })).rejects.toThrow('stripe down')
    expect(unreachable.recordSucceededCheckout).not.toHaveBeenCalled()
  })

  it('stops as soon as another delivery has recorded the intent', async () => {
    const payments = repo([])
    payments.getCheckout.mockResolvedValue({ ...checkout, status: 'succeeded' })
    expect(await handleStripeEvent({ event: event('payment_intent.succeeded'), orders, payments, gateway: provider() })).toBe('duplicate')
    expect(payments.recordSucceededCheckout).not.toHaveBeenCalled()
    expect(await handleStripeEvent({ event: event('payment_intent.payment_failed'), orders, payments, gateway: provider() })).toBe('unchanged')
    expect(payments.applyCheckoutEvent).not.toHaveBeenCalled()
  })

  it('records nothing the provider does not confirm (status, amount received, currency, unknown intent) and marks it for review', async () => {
    for (const over of [{ status: 'requires_payment_method', amountReceivedCents: 0 }, { amountReceivedCents: 1 }, { currency: 'eur' }]) {
      const payments = repo([])
      // The event claims success for the full amount: only the provider's word counts.
      expect(await handleStripeEvent({ event: event('payment_intent.succeeded', { amount: 12_500 }), orders, payments, gateway: provider(over) })).toBe('not_confirmed')
      expect(payments.recordSucceededCheckout).not.toHaveBeenCalled()
      expect(payments.applyCheckoutEvent).toHaveBeenCalledWith('pi_1', expect.objectContaining({ status: 'needs_review', failureMessage: expect.stringMatching(/^Not confirmed by the provider: /) }))
    }
    const payments = repo([])
    expect(await handleStripeEvent({ event: event('payment_intent.succeeded'), orders, payments, gateway: { retrieveIntent: vi.fn(async () => null) } })).toBe('not_confirmed')
    expect(payments.recordSucceededCheckout).not.toHaveBeenCalled()
  })

  it('closes the checkout on payment_intent.canceled', async () => {
    const payments = repo([])
    expect(await handleStripeEvent({ event: event('payment_intent.canceled'), orders, payments, gateway: provider() })).toBe('updated')
    expect(payments.applyCheckoutEvent).toHaveBeenCalledWith('pi_1', expect.objectContaining({ status: 'canceled' }))
  })

  it('passes the decline message of a failed payment', async () => {
    const payments = repo([])
    await handleStripeEvent({ event: event('payment_intent.payment_failed', { last_payment_error: { message: 'Your card was declined.' } }), orders, payments, gateway: provider() })
    expect(payments.applyCheckoutEvent).toHaveBeenCalledWith('pi_1', expect.objectContaining({ status: 'failed', failureMessage: 'Your card was declined.', eventId: 'evt_1', eventCreated: 100 }))
  })
})

describe('confirmDevPayment', () => {
  const intent: DevIntent = { id: 'pi_dev_1', client_secret: 's', amount: 500, currency: 'usd', status: 'requires_payment_method', created: 1 }
  const setup = (status: Checkout['status'] = 'pending', stored: DevIntent = intent) => {
    const saved: DevIntent[] = []
    const delivered: Array<{ type: string }> = []
    return {
      saved,
      delivered,
      deps: {
        intents: {
          get: vi.fn(async () => saved.at(-1) ?? stored),
          // As the store: only from the status the caller read.
          transition: vi.fn(async (read: DevIntent, next: DevIntent) => ((saved.at(-1) ?? stored).status === read.status ? (saved.push(next), true) : false)),
        },
        payments: { getCheckout: vi.fn(async () => ({ paymentIntentId: 'pi_dev_1', customerId: 'cust', mode: 'dev', status }) as Checkout) },
        deliver: vi.fn(async (e: { type: string }) => void delivered.push(e)),
        paymentIntentId: 'pi_dev_1',
      },
    }
  }

  it('succeeds with 4242 and delivers payment_intent.succeeded', async () => {
    const s = setup()
    expect(await confirmDevPayment({ ...s.deps, userId: 'cust', cardNumber: '4242424242424242' })).toEqual({ paymentIntentId: 'pi_dev_1', status: 'succeeded' })
    expect(s.saved[0]).toMatchObject({ status: 'succeeded', latest_charge: expect.stringMatching(/^ch_dev_/) })
    expect(s.delivered.map((e) => e.type)).toEqual(['payment_intent.succeeded'])
  })

  it('declines 4000…0002 with a 402 after delivering payment_intent.payment_failed', async () => {
    const s = setup()
    await expect(confirmDevPayment({ ...s.deps, userId: 'cust', cardNumber: '4000000000000002' })).rejects.toMatchObject({ statusCode: 402, message: 'Your card was declined.' })
    expect(s.delivered.map((e) => e.type)).toEqual(['payment_intent.payment_failed'])
  })

  it('refuses a canceled intent, as Stripe does, and delivers nothing', async () => {
    const s = setup('canceled', { ...intent, status: 'canceled' })
    await expect(confirmDevPayment({ ...s.deps, userId: 'cust', cardNumber: '4242424242424242' })).rejects.toMatchObject({ statusCode: 400, message: 'This payment was canceled. Please start the payment again.' })
    expect(s.saved).toEqual([])
    expect(s.delivered).toEqual([])
  })

  it('loses to a cancel that lands between its read and its write', async () => {
    const s = setup()
    s.deps.intents.transition.mockImplementationOnce(async () => false)
    await expect(confirmDevPayment({ ...s.deps, userId: 'cust', cardNumber: '4242424242424242' })).rejects.toMatchObject({ statusCode: 400 })
    expect(s.delivered).toEqual([])
  })

  it("refuses other cards and other customers' intents", async () => {
    const s = setup()
    await expect(confirmDevPayment({ ...s.deps, userId: 'cust', cardNumber: '5555555555554444' })).rejects.toMatchObject({ statusCode: 400 })
    await expect(confirmDevPayment({ ...s.deps, userId: 'someone', cardNumber: '4242424242424242' })).rejects.toMatchObject({ statusCode: 404 })
    expect(s.delivered).toEqual([])
  })
})

describe('listAdminPayments', () => {
  const p = (i: number, over: Partial<Payment> = {}): Payment => ({
    orderId: `order-${i}`,
    paymentId: `pay_${String(i).padStart(3, '0')}`,
    customerId: 'c',
    orderNumber: `GS-${i}`,
    amountCents: 100 * i,
    paymentDate: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
    paymentMethod: 'Credit Card',
    paymentStatus: 'successful',
    paymentIntentId: 'pi',
    customerName: i % 2 ? 'Zed' : 'amy',
    customerEmail: `c${i}@example.com`,
    firearmMake: 'Colt',
    firearmModel: 'Python',
    serialNumber: `SN${i}`,
    description: i === 7 ? 'Cerakote the slide' : 'repair',
    ...over,
  })
  const all = Array.from({ length: 40 }, (_, i) => p(i + 1, i === 0 ? { paymentStatus: 'failed' } : i === 1 ? { paymentStatus: 'pending' } : {}))
    .sort((a, b) => (a.paymentDate < b.paymentDate ? 1 : -1))
  const payments = { listLedger: vi.fn(async () => all) }
  const q = (over: Record<string, string>) => adminPaymentsQuerySchema.parse(over)
  const now = () => new Date(Date.UTC(2026, 1, 10))

  it('computes stats over all payments', async () => {
    const r = await listAdminPayments({ payments, query: q({}), now })
    const revenue = all.filter((x) => x.paymentStatus === 'successful').reduce((s, x) => s + x.amountCents, 0)
    // 2026-02-10 minus 30 days = 2026-01-11: payments of days 10..40 (i = 10..40)
    expect(r.stats).toEqual({ count: 40, revenueCents: revenue, successfulCount: 38, successRate: 95, last30DaysCount: 31 })
    expect(r.total).toBe(40)
    expect(r.items).toHaveLength(15)
    expect(r.items[0].paymentId).toBe('pay_040')
  })

  it('rounds the success rate to one decimal', async () => {
    const three = [p(1), p(2), p(3, { paymentStatus: 'failed' })]
    expect((await listAdminPayments({ payments: { listLedger: async () => three }, query: q({}), now })).stats.successRate).toBe(66.7)
    expect((await listAdminPayments({ payments: { listLedger: async () => [] }, query: q({}), now })).stats.successRate).toBe(0)
  })

  it('searches case-insensitively, filters by status, sorts and pages', async () => {
    expect((await listAdminPayments({ payments, query: q({ search: 'CERAKOTE' }), now })).items.map((x) => x.paymentId)).toEqual(['pay_007'])
    expect((await listAdminPayments({ payments, query: q({ search: 'sn12' }), now })).total).toBe(1)
    expect((await listAdminPayments({ payments, query: q({ search: 'c3@example' }), now })).items[0].paymentId).toBe('pay_003')
    expect((await listAdminPayments({ payments, query: q({ status: 'failed' }), now })).items.map((x) => x.paymentId)).toEqual(['pay_001'])
    const asc = await listAdminPayments({ payments, query: q({ sort: 'amount', direction: 'asc' }), now })
    expect(asc.items.map((x) => x.amountCents).slice(0, 3)).toEqual([100, 200, 300])
    const byCustomer = await listAdminPayments({ payments, query: q({ sort: 'customer', direction: 'asc' }), now })
    expect(byCustomer.items[0].customerName).toBe('amy')
    const page3 = await listAdminPayments({ payments, query: q({ page: '3' }), now })
    expect(page3.items).toHaveLength(10)
    expect(page3.page).toBe(3)
  })
})
