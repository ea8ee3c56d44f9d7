// The staff ledger use cases tell the customer, in the transaction of the entry: one notification
// per payment (paid in full or not) and per refund (in the shop at once, to a card once the
// provider took it, once however often the request is retried). A payment in the shop closes the
// customer's open card checkout first, or is refused while the card payment is paid or settling.
import { describe, expect, it, vi } from 'vitest'
import { ledgerMessages } from '../../shared/src/payment-rules.ts'
import type { LedgerWrite } from '../../functions/db/repositories/ledger.ts'
import type { EntriesWrite } from '../../functions/db/repositories/provider-ledger.ts'
import { invoiceOf } from '../../functions/domain/order.ts'
import type { Notification, Order, Payment } from '../../functions/domain/order.ts'
import { ledgerFields, type Checkout } from '../../functions/domain/payment.ts'
import { ConflictError } from '../../functions/lib/errors.ts'
import { recordAdjustment } from '../../functions/use-cases/record-adjustment.ts'
import { recordShopPayment } from '../../functions/use-cases/record-shop-payment.ts'
import { refundEntry } from '../../functions/use-cases/refund-entry.ts'
import { testOrder } from '../support/orders.ts'

const NOW = '2026-03-01T12:00:00.000Z'
const now = () => new Date(NOW)
const REQ = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

/** One order (and others it shares a checkout with), its ledger entries and checkouts in memory; each write is kept (what the transaction would hold). */
function fakes(initial: Order, entries: Payment[] = [], { checkouts = [], others = [] }: { checkouts?: Checkout[]; others?: Order[] } = {}) {
  let stored = initial
  const ledgerEntries = new Map(entries.map((p) => [p.paymentId, p]))
  const writes: LedgerWrite[] = []
  return {
    writes,
    notifications: () => writes.flatMap((w) => w.notifications ?? []) as Notification[],
    orders: {
      getOrder: async (id: string) => (id === stored.orderId ? { ...stored } : null),
      getOrders: async (ids: string[]) => others.filter((o) => ids.includes(o.orderId)),
    },
    // No card checkout unless the test opens one: the provider is never asked then.
    gateway: async () => ({ cancelIntent: vi.fn(async () => ({ status: 'canceled' })) }),
    ledger: {
      getEntry: async (_orderId: string, paymentId: string) => ledgerEntries.get(paymentId) ?? null,
      getCheckout: async (id: string) => checkouts.find((c) => c.paymentIntentId === id) ?? null,
      write: async (w: LedgerWrite) => {
        writes.push(w)
        stored = w.order.order
        for (const p of w.create ?? []) ledgerEntries.set(p.paymentId, p)
        if (w.refunded) ledgerEntries.set(w.refunded.paymentId, { ...ledgerEntries.get(w.refunded.paymentId)!, refundedCents: w.refunded.toCents })
        if (w.settle) ledgerEntries.set(w.settle.paymentId, { ...ledgerEntries.get(w.settle.paymentId)!, ...w.settle.set })
        return stored
      },
    },
    // A card refund settles through the provider's path: the same order and entries.
    providerOrders: { getOrders: async (ids: string[]) => (ids.includes(stored.orderId) ? [{ ...stored }] : []) },
    providerLedger: {
      getEntry: async (_orderId: string, paymentId: string) => ledgerEntries.get(paymentId) ?? null,
      getEntries: async (keys: ReadonlyArray<{ paymentId: string }>) => keys.flatMap((k) => ledgerEntries.get(k.paymentId) ?? []),
      getCheckout: async (id: string) => checkouts.find((c) => c.paymentIntentId === id) ?? null,
      write: async (w: EntriesWrite) => {
        writes.push({ order: w.orders[0]!, notifications: w.notifications, updates: w.updates, audit: w.audit })
        stored = w.orders[0]!.order
        for (const e of w.entries) ledgerEntries.set(e.after.paymentId, e.after)
        return [stored]
      },
    },
    stored: () => stored,
    entry: (paymentId: string) => ledgerEntries.get(paymentId),
  }
}

const cardPayment = (o: Order, amountCents: number): Payment => ({
  ...ledgerFields(o),
  paymentId: 'pay_pi_1',
  customerId: o.customerId,
  amountCents,
  paymentDate: NOW,
  paymentMethod: 'Credit Card',
  paymentStatus: 'successful',
  paymentIntentId: 'pi_1',
  kind: 'payment',
})

describe('a payment recorded in the shop', () => {
  it('tells the customer once: the amount, and that it settled the order (one notification, not two)', async () => {
    const f = fakes(testOrder({ currentStatus: 'payment_needed' }))
    await recordShopPayment({ ...f, orderId: 'o1', adminId: 'a', now, input: { requestId: REQ(1), method: 'cash', amountCents: 5000 } })
    await recordShopPayment({ ...f, orderId: 'o1', adminId: 'a', now, input: { requestId: REQ(2), method: 'check', amountCents: 7500, reference: 'Check 1042' } })
    expect(f.writes.map((w) => (w.notifications ?? []).map((n) => [n.kind, n.essential, n.title, n.message]))).toEqual([
      [['payment_received', true, 'Payment Received: Colt 1911 (GS-000001)', 'We received your payment of $50.00 for order GS-000001. Thank you!']],
      [['payment_received', true, 'Payment Received: Colt 1911 (GS-000001)', 'We received your payment of $75.00: order GS-000001 is paid in full. Thank you!']],
    ])
    expect(f.notifications()[1]).toMatchObject({ userId: 'c1', orderId: 'o1', context: 'Colt 1911 · GS-000001', read: false, createdAt: NOW })
    // The retried request records nothing, and tells nothing, twice.
    await recordShopPayment({ ...f, orderId: 'o1', adminId: 'a', now, input: { requestId: REQ(2), method: 'check', amountCents: 7500 } })
    expect(f.notifications()).toHaveLength(2)
  })

  it('a discount tells nothing', async () => {
    const f = fakes(testOrder())
    await recordAdjustment({ ...f, orderId: 'o1', adminId: 'a', now, input: { requestId: REQ(1), kind: 'discount', amountCents: 1000, reason: 'Loyal customer' } })
    expect(f.notifications()).toEqual([])
  })
})

describe('a refund', () => {
  it('in the shop: told at once, with how the money came back', async () => {
    const o = testOrder({ amountPaidCents: 12_500 })
    const f = fakes(o, [{ ...cardPayment(o, 12_500), paymentId: 'shop_x', paymentIntentId: '', paymentMethod: 'Cash' }])
    const gateway = vi.fn()
    await refundEntry({ ...f, gateway, orderId: 'o1', paymentId: 'shop_x', adminId: 'a', now, input: { requestId: REQ(1), method: 'cash', amountCents: 2500, reason: 'Part not needed', purpose: 'return' } })
    expect(gateway).not.toHaveBeenCalled()
    expect(f.notifications().map((n) => [n.kind, n.essential, n.title, n.message])).toEqual([['payment_refunded', true, 'Refund Issued: Colt 1911 (GS-000001)', 'We refunded $25.00 in cash for order GS-000001.']])
  })

  it('to a card: told once the provider took it, not when it is only recorded, and once however often it is retried', async () => {
    const o = testOrder({ amountPaidCents: 12_500 })
    const f = fakes(o, [cardPayment(o, 12_500)])
    const refund = vi.fn(async () => ({ refundId: 're_1', status: 'pending', amountCents: 2500 }))
    const gateway = async () => ({ refund })
    const input = { requestId: REQ(1), method: 'card' as const, amountCents: 2500, reason: 'Part not needed', purpose: 'return' as const }
    await refundEntry({ ...f, gateway, orderId: 'o1', paymentId: 'pay_pi_1', adminId: 'a', now, input })
    // Recorded first (nothing told), then settled with the provider's refund (told).
    expect(f.writes.map((w) => (w.notifications ?? []).map((n) => n.kind))).toEqual([[], ['payment_refunded']])
    expect(f.notifications()[0].message).toBe('We refunded $25.00 to your card for order GS-000001.')
    // The same request again (the provider still settling): asked again, settled again, not told again.
    await refundEntry({ ...f, gateway, orderId: 'o1', paymentId: 'pay_pi_1', adminId: 'a', now, input })
    expect(refund).toHaveBeenCalledTimes(2)
    expect(f.notifications()).toHaveLength(1)
  })

  it('to a card the provider refuses: everything is put back and nothing is told', async () => {
    const o = testOrder({ amountPaidCents: 12_500 })
    const f = fakes(o, [cardPayment(o, 12_500)])
    const gateway = async () => ({ refund: vi.fn(async () => ({ refundId: 're_1', status: 'failed', amountCents: 2500 })) })
    await expect(refundEntry({ ...f, gateway, orderId: 'o1', paymentId: 'pay_pi_1', adminId: 'a', now, input: { requestId: REQ(1), method: 'card', amountCents: 2500, reason: 'x', purpose: 'price_reduction' } })).rejects.toThrow()
    expect(f.notifications()).toEqual([])
    // Paid, discounts and refunded are as before it; the refund and its discount are failed entries.
    expect(f.stored()).toMatchObject({ amountPaidCents: 12_500, adjustmentsCents: 0, refundedCents: 0 })
    expect(f.entry(`refund_${REQ(1)}_reduction`)?.paymentStatus).toBe('failed')
  })

  it('as a price reduction: the bill goes down with it, so no balance reappears; the customer sees what was refunded', async () => {
    const o = testOrder({ estimatedCostCents: 11_000, shippingSelected: false, amountPaidCents: 11_000 })
    const f = fakes(o, [{ ...cardPayment(o, 11_000), paymentId: 'shop_x', paymentIntentId: '', paymentMethod: 'Cash' }])
    await refundEntry({ ...f, gateway: vi.fn(), orderId: 'o1', paymentId: 'shop_x', adminId: 'a', now, input: { requestId: REQ(1), method: 'cash', amountCents: 2000, reason: 'Sight not fitted', purpose: 'price_reduction' } })
    const after = f.stored()
    expect(after).toMatchObject({ amountPaidCents: 9000, adjustmentsCents: 2000, refundedCents: 2000 })
    expect(invoiceOf(after)).toMatchObject({ balanceDueCents: 0, paymentStatus: 'paid' })
    expect(f.entry(`refund_${REQ(1)}_reduction`)).toMatchObject({ kind: 'adjustment', amountCents: 2000, paymentMethod: 'Price reduction' })
  })

  it('as a return of money on a payment: the bill stays, and the customer owes it again', async () => {
    const o = testOrder({ estimatedCostCents: 11_000, shippingSelected: false, amountPaidCents: 11_000 })
    const f = fakes(o, [{ ...cardPayment(o, 11_000), paymentId: 'shop_x', paymentIntentId: '', paymentMethod: 'Cash' }])
    await refundEntry({ ...f, gateway: vi.fn(), orderId: 'o1', paymentId: 'shop_x', adminId: 'a', now, input: { requestId: REQ(1), method: 'cash', amountCents: 2000, reason: 'Refunded by mistake', purpose: 'return' } })
    expect(invoiceOf(f.stored())).toMatchObject({ balanceDueCents: 2000, paymentStatus: 'partially_paid' })
  })

  it('of a credit as a price reduction is refused: a credit is above the bill', async () => {
    const o = testOrder({ creditCents: 2000 })
    const f = fakes(o, [{ ...cardPayment(o, 2000), kind: 'credit' }])
    await expect(refundEntry({ ...f, gateway: vi.fn(), orderId: 'o1', paymentId: 'pay_pi_1', adminId: 'a', now, input: { requestId: REQ(1), method: 'card', amountCents: 2000, reason: 'x', purpose: 'price_reduction' } })).rejects.toThrow(ledgerMessages.creditNotReduction)
  })
})

describe('a payment in the shop while the customer pays the order by card (one payment path at a time)', () => {
  const actor = { id: 'a', name: 'Sam Staff' }
  const checkout = (over: Partial<Checkout> = {}): Checkout => ({
    paymentIntentId: 'pi_open',
    customerId: 'c1',
    orderIds: ['o1'],
    allocations: [{ orderId: 'o1', amountCents: 12_500 }],
    amountCents: 12_500,
    includeShipping: true,
    status: 'pending',
    mode: 'dev',
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  })
  const paying = () => testOrder({ openCheckout: { paymentIntentId: 'pi_open', amountCents: 12_500, includeShipping: true, totalCents: 12_500 } })
  const cash = (amountCents = 5_000, n = 1) => ({ requestId: REQ(n), method: 'cash' as const, amountCents })
  const provider = (status: string | null) => {
    const cancelIntent = vi.fn(async () => (status === null ? null : { status }))
    return { cancelIntent, gateway: async () => ({ cancelIntent }) }
  }

  it('cancels the open card checkout at the provider first, then records the payment with the checkout closed, in the audit record', async () => {
    const f = fakes(paying(), [], { checkouts: [checkout()] })
    const p = provider('canceled')
    const { order } = await recordShopPayment({ ...f, gateway: p.gateway, actor, orderId: 'o1', adminId: 'a', now, input: cash() })
    expect(p.cancelIntent).toHaveBeenCalledWith('pi_open')
    expect(f.writes).toHaveLength(1)
    expect(f.writes[0]).toMatchObject({ closeCheckout: 'pi_open', order: { order: { amountPaidCents: 5_000 } } })
    expect(order.openCheckout).toBeUndefined()
    const [record] = f.writes[0].audit!
    expect(record.summary).toBe("Recorded a Cash payment of $50.00; canceled the customer's open card payment of $125.00")
    expect(record.changes).toContainEqual({ field: 'Card checkout', before: 'Open (pi_open)', after: 'Canceled at the card provider' })
  })

  it('a batch checkout is canceled whole: the audit record names the other orders it covered', async () => {
    const other = testOrder({ orderId: 'o2', orderNumber: 'GS-000002' })
    const f = fakes(paying(), [], { checkouts: [checkout({ orderIds: ['o1', 'o2'], amountCents: 20_000 })], others: [other] })
    await recordShopPayment({ ...f, gateway: provider('canceled').gateway, actor, orderId: 'o1', adminId: 'a', now, input: cash() })
    expect(f.writes[0].audit![0].summary).toBe("Recorded a Cash payment of $50.00; canceled the customer's open card payment of $200.00 (it also covered GS-000002: the customer pays that order again)")
  })

  it.each([
    ['succeeded', ledgerMessages.cardPaymentInProgress('succeeded')],
    ['processing', ledgerMessages.cardPaymentInProgress('processing')],
  ])('the provider reports the card payment %s: refused with a 409 that says so, nothing written', async (status, message) => {
    const f = fakes(paying(), [], { checkouts: [checkout()] })
    const recordPaid = vi.fn(async () => 'recorded')
    const attempt = recordShopPayment({ ...f, gateway: provider(status).gateway, recordPaid, actor, orderId: 'o1', adminId: 'a', now, input: cash() })
    await expect(attempt).rejects.toBeInstanceOf(ConflictError)
    await expect(attempt).rejects.toThrow(message)
    expect(message).toMatch(/^A card payment is in progress for this order/)
    expect(f.writes).toEqual([])
    // A charged card is recorded at once, through the webhook's path; a settling one is left to its webhook.
    expect(recordPaid).toHaveBeenCalledTimes(status === 'succeeded' ? 1 : 0)
  })

  it.each(['canceled', 'succeeded', 'needs_review'] as const)('a pointer to a %s checkout is dropped without asking the provider', async (status) => {
    const f = fakes(paying(), [], { checkouts: [checkout({ status })] })
    const p = provider('succeeded')
    const { order } = await recordShopPayment({ ...f, gateway: p.gateway, orderId: 'o1', adminId: 'a', now, input: cash() })
    expect(p.cancelIntent).not.toHaveBeenCalled()
    expect(f.writes[0].closeCheckout).toBeUndefined()
    expect(order.openCheckout).toBeUndefined()
  })

  it('an intent the provider does not have is closed like a canceled one', async () => {
    const f = fakes(paying(), [], { checkouts: [checkout()] })
    await recordShopPayment({ ...f, gateway: provider(null).gateway, orderId: 'o1', adminId: 'a', now, input: cash() })
    expect(f.writes[0].closeCheckout).toBe('pi_open')
  })

  it('a payment refused anyway (above the balance) or already recorded (a retry) leaves the card checkout alone', async () => {
    const f = fakes(paying(), [], { checkouts: [checkout()] })
    const p = provider('canceled')
    await expect(recordShopPayment({ ...f, gateway: p.gateway, orderId: 'o1', adminId: 'a', now, input: cash(12_501) })).rejects.toThrow(ledgerMessages.aboveBalance(12_500))
    expect(p.cancelIntent).not.toHaveBeenCalled()
    await recordShopPayment({ ...f, gateway: p.gateway, orderId: 'o1', adminId: 'a', now, input: cash(5_000, 2) })
    await recordShopPayment({ ...f, gateway: p.gateway, orderId: 'o1', adminId: 'a', now, input: cash(5_000, 2) })
    expect(p.cancelIntent).toHaveBeenCalledTimes(1)
    expect(f.writes).toHaveLength(1)
  })
})
