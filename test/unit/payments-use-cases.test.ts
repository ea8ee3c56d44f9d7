import { describe, expect, it, vi } from 'vitest'
import type { Payment } from '../../functions/domain/order.ts'
import { invoiceOf, type Order } from '../../functions/domain/order.ts'
import type { Checkout } from '../../functions/domain/payment.ts'
import { ContendedTransaction, VersionConflict } from '../../functions/db/repositories/orders.ts'
import { ConflictError } from '../../functions/lib/errors.ts'
import { WRITE_ATTEMPTS } from '../../functions/lib/retry.ts'
import { paymentMessages } from '../../shared/src/payment-messages.ts'
import type { UnconfirmedCheckoutWrite } from '../../functions/db/repositories/checkout-review.ts'
import type { OpenCheckoutWrite, SucceededCheckoutWrite, WriteOutcome } from '../../functions/db/repositories/payments.ts'
import type { ProviderIntent } from '../../functions/payments/gateway.ts'
import type { PaymentIntentEvent } from '../../functions/payments/stripe-events.ts'
import { createPaymentIntent } from '../../functions/use-cases/create-payment-intent.ts'
import { buildSuccessWrite, handleStripeEvent } from '../../functions/use-cases/handle-stripe-event.ts'
import { listAdminPayments, TEXT_SEARCH_READ_BUDGET } from '../../functions/use-cases/list-admin-payments.ts'
import type { LedgerPageQuery } from '../../functions/db/repositories/ledger-pages.ts'
import { countDeltas, ZERO_COUNTS, type LedgerCounts } from '../../functions/domain/ledger-stats.ts'
import { recentFrom, statsFromBuckets } from '../../functions/domain/ledger-cards.ts'
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

  it('charges only the bill the customer confirmed: a changed one is a 409 bill_changed with the new balance, before the provider is asked', async () => {
    const f = fakes([order()])
    // The page showed $85.00; the bill is $125.00 now (staff raised it, shipping, tax: whatever moved it).
    const err = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ confirmedBalanceCents: 8_500 }) }).catch((e) => e)
    expect(err).toMatchObject({ statusCode: 409, code: 'bill_changed', message: paymentMessages.billChanged(8_500, 12_500), details: { balanceDueCents: 12_500 } })
    expect(f.gateway.createIntent).not.toHaveBeenCalled()
    expect(f.gateway.retrieveIntent).not.toHaveBeenCalled()
    expect(f.store.get(ID1)?.version).toBe(1)
    // A partial payment against a changed bill is refused for the change, not for its amount.
    const partial = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000, confirmedBalanceCents: 8_500 }) }).catch((e) => e)
    expect(partial).toMatchObject({ code: 'bill_changed' })
    // The new amount, confirmed: charged.
    const ok = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ confirmedBalanceCents: 12_500 }) })
    expect(ok.amountCents).toBe(12_500)
  })

  it('the bill changing between the read and the checkout write starts over and refuses it; the intent made meanwhile is canceled', async () => {
    const f = fakes([order()])
    f.payments.openCheckout.mockImplementationOnce(async () => {
      // Staff add $40.00 to the estimate while the intent is being created.
      const o = f.store.get(ID1)!
      f.store.set(ID1, { ...o, version: o.version + 1, estimatedCostCents: o.estimatedCostCents + 4_000 })
      throw new VersionConflict()
    })
    const err = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ confirmedBalanceCents: 12_500 }) }).catch((e) => e)
    expect(err).toMatchObject({ code: 'bill_changed', details: { balanceDueCents: 16_500 } })
    const made = f.gateway.createIntent.mock.results[0].value as Promise<{ paymentIntentId: string }>
    expect(f.provider.get((await made).paymentIntentId)).toBe('canceled')
    expect(f.store.get(ID1)?.openCheckout).toBeUndefined()
  })

  it("the provider's own words never reach the customer: logged, and the product's message instead", async () => {
    const f = fakes([order()])
    f.gateway.createIntent.mockRejectedValueOnce(Object.assign(new Error('Invalid request: Amount must be no more than $999,999.99'), { statusCode: 400 }))
    const err = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) }).catch((e) => e)
    expect(err).toMatchObject({ statusCode: 502, message: paymentMessages.providerUnavailable })
  })

  it("refuses a charge above Stripe's $999,999.99 before the provider is asked", async () => {
    const f = fakes([order({ estimatedCostCents: 99_999_999 })])
    const err = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) }).catch((e) => e)
    expect(err).toMatchObject({ statusCode: 400, fields: { amountCents: 'A card payment can be at most $999,999.99. Please pay part of it, or contact the shop to pay this amount.' } })
    expect(f.gateway.createIntent).not.toHaveBeenCalled()
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
    // The paid intent is handed to the webhook's path at once; a failure there leaves it to the webhook, and the refusal stands.
    const recordPaid = vi.fn(async () => 'recorded')
    await expect(createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }), recordPaid })).rejects.toMatchObject({ statusCode: 409, message: 'This payment has already been completed.' })
    expect(recordPaid).toHaveBeenCalledWith(first.paymentIntentId)
    recordPaid.mockRejectedValueOnce(new Error('table unavailable'))
    await expect(createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }), recordPaid })).rejects.toMatchObject({ statusCode: 409, message: 'This payment has already been completed.' })
    f.checkouts.set(first.paymentIntentId, { ...f.checkouts.get(first.paymentIntentId)!, status: 'processing' })
    await expect(createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }), recordPaid })).rejects.toMatchObject({ statusCode: 409, message: 'A payment for this order is being processed. Please wait for it to finish before paying again.' })
    expect(recordPaid).toHaveBeenCalledTimes(2)
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

  it('one bound in all (lib/retry.ts): orders that move under every write give up after WRITE_ATTEMPTS transactions with a 409, the intent canceled', async () => {
    const f = fakes([order()])
    const original = f.payments.openCheckout.getMockImplementation()!
    // Staff add a part before each of our writes: the payment stays the same (a partial one), so every write retries the same intent.
    let landed = 0
    f.payments.openCheckout.mockImplementation(async (w) => {
      landed += 1
      const o = f.store.get(ID1)!
      f.store.set(ID1, { ...o, version: o.version + 1, lines: [...(o.lines ?? []), { lineId: `l${landed}`, kind: 'part', name: 'Pin', unitCents: 100, quantity: 1, needsApproval: false, createdAt: 'x', createdBy: 'admin' }] })
      return original(w)
    })
    const err = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({ amountCents: 5_000 }) }).catch((e) => e)
    expect(err).toBeInstanceOf(ConflictError)
    expect(err.message).toBe(paymentMessages.paymentStartedElsewhere)
    // One transaction per attempt, none retried inside another.
    expect(f.payments.openCheckout).toHaveBeenCalledTimes(WRITE_ATTEMPTS)
    expect(f.gateway.createIntent).toHaveBeenCalledTimes(1)
    const intent = (await (f.gateway.createIntent.mock.results[0].value as Promise<{ paymentIntentId: string }>)).paymentIntentId
    expect(f.provider.get(intent)).toBe('canceled')
  })

  it('a transaction that met another one is the same write again, with the same intent', async () => {
    const f = fakes([order()])
    f.payments.openCheckout.mockImplementationOnce(async () => {
      throw new ContendedTransaction(['None', 'TransactionConflict'])
    })
    const r = await createPaymentIntent({ ...f, customer: { userId: 'cust' }, input: input({}) })
    expect(f.payments.openCheckout).toHaveBeenCalledTimes(2)
    expect(f.gateway.createIntent).toHaveBeenCalledTimes(1)
    expect(f.store.get(ID1)?.openCheckout?.paymentIntentId).toBe(r.paymentIntentId)
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
    expect(adminPaymentsQuerySchema.parse({})).toEqual({ search: '', status: undefined, sort: 'date', direction: 'desc' })
    expect(adminPaymentsQuerySchema.parse({ status: 'all', cursor: 'l.x', sort: 'amount', direction: 'asc', search: ' Colt ' })).toEqual({ search: 'Colt', status: undefined, sort: 'amount', direction: 'asc', cursor: 'l.x' })
    expect(adminPaymentsQuerySchema.safeParse({ cursor: '' }).success).toBe(false)
    expect(adminPaymentsQuerySchema.safeParse({ cursor: 'x'.repeat(2049) }).success).toBe(false)
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
      recordUnconfirmed: vi.fn(async (_w: UnconfirmedCheckoutWrite) => true),
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
    // One payment, one notification (not a "received" and a "paid in full"): it says it settled the order.
    expect(w.notifications).toEqual([
      expect.objectContaining({ userId: 'cust', orderId: ID1, kind: 'payment_received', essential: true, title: 'Payment Received: Colt 1911 (GS-000001)', message: 'We received your payment of $125.00: order GS-000001 is paid in full. Thank you!', context: 'Colt 1911 · GS-000001', read: false }),
    ])
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
      expect(payments.recordUnconfirmed).toHaveBeenCalledWith(expect.objectContaining({ paymentIntentId: 'pi_1', eventId: 'evt_1', failureMessage: expect.stringMatching(/^Not confirmed by the provider: /) }))
    }
    const payments = repo([])
    expect(await handleStripeEvent({ event: event('payment_intent.succeeded'), orders, payments, gateway: { retrieveIntent: vi.fn(async () => null) } })).toBe('not_confirmed')
    expect(payments.recordSucceededCheckout).not.toHaveBeenCalled()
    expect(payments.recordUnconfirmed.mock.calls[0][0].rows).toEqual([expect.objectContaining({ paymentStatus: 'pending', flag: 'unconfirmed', notes: 'The card provider has no record of this payment. Not counted as paid until staff review it.' })])
  })

  it('shows staff a success the provider does not confirm: a pending row per order flagged unconfirmed, with what the provider reports, and a history entry', async () => {
    const payments = repo([])
    const at = new Date('2026-03-01T00:00:00.000Z')
    expect(await handleStripeEvent({ event: event('payment_intent.succeeded', { amount: 12_500 }), orders, payments, gateway: provider({ amountReceivedCents: 1 }), now: () => at })).toBe('not_confirmed')
    const [[w]] = payments.recordUnconfirmed.mock.calls
    const notes = 'The card provider reports $0.01 received of the $125.00 charged (status succeeded, currency USD). Not counted as paid until staff review it.'
    expect(w.rows).toEqual([
      expect.objectContaining({ orderId: ID1, paymentId: `pay_pi_1_${ID1}`, customerId: 'cust', amountCents: 12_500, paymentStatus: 'pending', kind: 'payment', flag: 'unconfirmed', paymentIntentId: 'pi_1', paymentDate: at.toISOString(), notes }),
    ])
    expect(w.updates).toEqual([expect.objectContaining({ orderId: ID1, status: 'payment_flagged', isCustomerNote: false, notes: `A card payment of $125.00 was reported but not confirmed by the card provider. ${notes}` })])
    expect(payments.applyCheckoutEvent).not.toHaveBeenCalled()
  })

  it('a later attempt event on a checkout under review leaves its flagged rows', async () => {
    for (const type of ['payment_intent.processing', 'payment_intent.canceled', 'payment_intent.payment_failed']) {
      const payments = repo([])
      payments.getCheckout.mockResolvedValue({ ...checkout, status: 'needs_review' })
      await handleStripeEvent({ event: event(type), orders, payments, gateway: provider() })
      const [[, e]] = payments.applyCheckoutEvent.mock.calls as unknown as Array<[string, { ledger: { put: Array<{ paymentId: string }>; removePending: unknown[] } }]>
      expect(e.ledger.removePending, type).toEqual([])
      expect(e.ledger.put.map((p) => p.paymentId), type).not.toContain(`pay_pi_1_${ID1}`)
    }
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
    // The customer is told, once per order of the checkout (the repository writes it with the event's first delivery only).
    expect(payments.applyCheckoutEvent.mock.calls[0]).toEqual([
      'pi_1',
      expect.objectContaining({
        notifications: [
          expect.objectContaining({ userId: 'cust', orderId: ID1, kind: 'payment_failed', essential: false, title: 'Payment Failed: Colt 1911 (GS-000001)', message: 'Your card payment of $125.00 for order GS-000001 did not go through. Your card was declined. Please try again.' }),
        ],
      }),
    ])
  })

  it('tells nothing on a payment still processing or canceled', async () => {
    for (const type of ['payment_intent.processing', 'payment_intent.canceled']) {
      const payments = repo([])
      await handleStripeEvent({ event: event(type), orders, payments, gateway: provider() })
      expect(payments.applyCheckoutEvent, type).toHaveBeenCalledWith('pi_1', expect.objectContaining({ notifications: [] }))
    }
  })

  it('a batch payment tells each order what it received, partly paid or in full', () => {
    const batch: Checkout = { ...checkout, orderIds: [ID1, ID2], allocations: [{ orderId: ID1, amountCents: 12_500 }, { orderId: ID2, amountCents: 5000 }], amountCents: 17_500 }
    const w = buildSuccessWrite({
      checkout: batch,
      current: [order(), order({ orderId: ID2, orderNumber: 'GS-000002', firearmMake: 'Ruger', firearmModel: 'GP100' })],
      event: event('payment_intent.succeeded'),
      receiptUrl: null,
      at: '2026-03-01T00:00:00.000Z',
    })
    expect(w.notifications.map((n) => [n.orderId, n.kind, n.title, n.message])).toEqual([
      [ID1, 'payment_received', 'Payment Received: Colt 1911 (GS-000001)', 'We received your payment of $125.00: order GS-000001 is paid in full. Thank you!'],
      [ID2, 'payment_received', 'Payment Received: Ruger GP100 (GS-000002)', 'We received your payment of $50.00 for order GS-000002. Thank you!'],
    ])
    expect(new Set(w.notifications.map((n) => n.notificationId)).size).toBe(2)
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

describe('ledger counters', () => {
  const entry = (over: Partial<Payment> = {}): Payment => ({
    orderId: 'o1', paymentId: 'p1', customerId: 'c', orderNumber: 'GS-1', amountCents: 5_000, paymentDate: '2026-02-09T10:00:00.000Z', paymentMethod: 'Credit Card',
    paymentStatus: 'successful', paymentIntentId: 'pi', customerName: '', customerEmail: '', firearmMake: '', firearmModel: '', serialNumber: '', description: '', ...over,
  })

  it('moves each bucket by exactly what a write changed, one delta per bucket', () => {
    const pending = entry({ paymentStatus: 'pending' })
    const d = countDeltas([{ before: pending, after: entry() }, { before: null, after: entry({ paymentId: 'p2', paymentStatus: 'failed', paymentDate: '2026-02-08T10:00:00.000Z' }) }])
    expect(d.get('total')).toEqual({ count: 1, successful: 1, pending: -1, failed: 1, revenueCents: 5_000 })
    expect(d.get('day#2026-02-09')).toEqual({ count: 0, successful: 1, pending: -1, failed: 0, revenueCents: 0 })
    expect(d.get('day#2026-02-08')).toEqual({ count: 1, successful: 0, pending: 0, failed: 1, revenueCents: 0 })
    // A refund of 2,000 of a payment: revenue only; a refund entry itself, an adjustment: counted, no revenue.
    expect([...countDeltas([{ before: entry(), after: entry({ refundedCents: 2_000 }) }])]).toEqual([['total', { count: 0, successful: 0, pending: 0, failed: 0, revenueCents: -2_000 }]])
    expect(countDeltas([{ before: null, after: entry({ kind: 'refund' }) }, { before: null, after: entry({ paymentId: 'a', kind: 'adjustment' }) }]).get('total')).toEqual({ count: 2, successful: 2, pending: 0, failed: 0, revenueCents: 0 })
    expect(countDeltas([{ before: entry(), after: entry() }]).size).toBe(0)
  })

  it('reads the cards from the shards of the total and of the last 30 days (today and the 29 before)', () => {
    const now = new Date('2026-02-10T12:00:00Z')
    const b = (bucket: string, over: Partial<LedgerCounts>) => ({ bucket, ...ZERO_COUNTS, ...over })
    const stats = statsFromBuckets(
      [b('total', { count: 2, successful: 2, revenueCents: 700 }), b('total', { count: 1, failed: 1, revenueCents: 0 }), b('day#2026-01-11', { count: 5 }), b('day#2026-01-12', { count: 2 }), b('day#2026-02-10', { count: 1 })],
      now,
    )
    expect(stats).toEqual({ count: 3, revenueCents: 700, successfulCount: 2, successRate: 66.7, last30DaysCount: 3, byStatus: { successful: 2, pending: 0, failed: 1 } })
    expect(statsFromBuckets([], now).successRate).toBe(0)
    expect(recentFrom(now)).toBe('2026-01-12')
  })
})

describe('listAdminPayments', () => {
  const ORDER = '0b7e3c59-8a39-4f4e-9d55-3f0f1f1c2a10'
  const entry = (i: number, over: Partial<Payment> = {}): Payment => ({
    orderId: ORDER, paymentId: `pay_${i}`, customerId: 'c', orderNumber: 'GS-000042', amountCents: 100 * i, paymentDate: `2026-01-${String(i).padStart(2, '0')}T00:00:00.000Z`,
    paymentMethod: 'Credit Card', paymentStatus: i === 3 ? 'failed' : 'successful', paymentIntentId: 'pi_abc', customerName: i % 2 ? 'Zed' : 'amy', customerEmail: 'c@example.com',
    firearmMake: 'Colt', firearmModel: 'Python', serialNumber: 'SN-1', description: 'repair', ...over,
  })
  const stats = { count: 40, revenueCents: 1, successfulCount: 38, successRate: 95, last30DaysCount: 4, byStatus: { successful: 38, pending: 1, failed: 1 } }
  const deps = (entries: Payment[] = Array.from({ length: 20 }, (_, i) => entry(i + 1))) => ({
    ledger: {
      stats: vi.fn(async () => stats),
      pageLedger: vi.fn(async (_q: LedgerPageQuery) => ({ items: entries.slice(0, 15), cursor: 'abc', read: 15 })),
      entriesOfOrder: vi.fn(async (id: string) => entries.filter((e) => e.orderId === id)),
      ordersOfIntent: vi.fn(async (id: string) => (id === 'pi_abc' ? [ORDER] : null)),
      listForCustomer: vi.fn(async (id: string) => ({ items: id === 'c' ? entries : [], cursor: null })),
    },
    orders: {
      resolveOrderId: vi.fn(async (term: string) => (term.toLowerCase() === ORDER || /0*42$/.test(term) ? ORDER : null)),
      findBySerial: vi.fn(async (serial: string) => (serial.toUpperCase().replace('-', '') === 'SN1' ? [testOrder({ orderId: ORDER })] : [])),
    },
    profiles: { findByEmail: vi.fn(async (email: string) => (email.trim().toLowerCase() === 'c@example.com' ? ({ id: 'c' } as never) : null)) },
  })
  const q = (over: Record<string, string>) => adminPaymentsQuerySchema.parse(over)

  it('pages the ledger through the index of its sort and status, with the total from the counters', async () => {
    const d = deps()
    const r = await listAdminPayments({ ...d, query: q({ sort: 'amount', direction: 'asc', status: 'failed' }) })
    expect(d.ledger.pageLedger).toHaveBeenCalledWith({ sort: 'amount', direction: 'asc', status: 'failed', limit: 15, cursor: null, text: undefined, readBudget: TEXT_SEARCH_READ_BUDGET })
    expect(r).toMatchObject({ cursor: 'l.abc', total: 1, pageSize: 15, stats: { count: 40, successRate: 95, last30DaysCount: 4 } })
    expect(r.stats).not.toHaveProperty('byStatus')
    expect((await listAdminPayments({ ...d, query: q({}) })).total).toBe(40)
    await listAdminPayments({ ...d, query: q({ cursor: 'l.abc' }) })
    expect(d.ledger.pageLedger).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'abc' }))
  })

  it('finds exact ids by key: order id and number, intent, card entry id, email, serial; pages them 15 at a time', async () => {
    for (const term of [ORDER, 'GS-000042', '42', 'pi_abc', ' C@Example.com', 'sn-1']) {
      const d = deps()
      const r = await listAdminPayments({ ...d, query: q({ search: term }) })
      expect(r, term).toMatchObject({ total: 20, cursor: 'o.15' })
      expect(r.items.map((p) => p.paymentId).slice(0, 2), term).toEqual(['pay_20', 'pay_19'])
      expect(d.ledger.pageLedger, term).not.toHaveBeenCalled()
    }
    const d = deps()
    const rest = await listAdminPayments({ ...d, query: q({ search: ORDER, cursor: 'o.15' }) })
    expect(rest).toMatchObject({ total: 20, cursor: null })
    expect(rest.items).toHaveLength(5)
    // An id that names nothing is searched as text.
    await listAdminPayments({ ...d, query: q({ search: `pay_pi_x_${ORDER}` }) })
    expect(d.ledger.pageLedger).toHaveBeenCalledWith(expect.objectContaining({ text: `pay_pi_x_${ORDER}` }))
    const card = await listAdminPayments({ ...deps([entry(1, { paymentId: `pay_pi_abc_${ORDER}` }), entry(2)]), query: q({ search: `pay_pi_abc_${ORDER}` }) })
    expect(card.items.map((p) => p.paymentId)).toEqual([`pay_pi_abc_${ORDER}`])
    // Sorted and filtered as the index would: failed only; by customer name, then date.
    expect((await listAdminPayments({ ...deps(), query: q({ search: ORDER, status: 'failed' }) })).items.map((p) => p.paymentId)).toEqual(['pay_3'])
    expect((await listAdminPayments({ ...deps(), query: q({ search: ORDER, sort: 'customer', direction: 'asc' }) })).items[0]).toMatchObject({ customerName: 'amy', paymentId: 'pay_2' })
  })

  it('searches any other text on the stored search attribute, normalized, without a total', async () => {
    const d = deps()
    const r = await listAdminPayments({ ...d, query: q({ search: 'José  SMITH' }) })
    expect(d.ledger.pageLedger).toHaveBeenCalledWith(expect.objectContaining({ text: 'jose smith', limit: 15, readBudget: TEXT_SEARCH_READ_BUDGET }))
    expect(r).toMatchObject({ total: null, cursor: 'l.abc' })
    // A single word that is no serial is a text search too.
    await listAdminPayments({ ...d, query: q({ search: 'Cerakote' }) })
    expect(d.orders.findBySerial).toHaveBeenCalledWith('Cerakote', 10)
    expect(d.ledger.pageLedger).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'cerakote' }))
  })

  it('refuses a cursor it did not give out as a 400, never a 500', async () => {
    const d = deps()
    for (const cursor of ['junk', 'o.-1', 'o.x', 'o.0', 'l.']) await expect(listAdminPayments({ ...d, query: q({ cursor }) }), cursor).rejects.toMatchObject({ statusCode: 400, message: 'Invalid cursor' })
    d.ledger.pageLedger.mockRejectedValueOnce(Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' }))
    await expect(listAdminPayments({ ...d, query: q({ cursor: 'l.zzz' }) })).rejects.toMatchObject({ statusCode: 400 })
  })
})
