// The staff ledger use cases tell the customer, in the transaction of the entry: one notification
// per payment (paid in full or not) and per refund (in the shop at once, to a card once the
// provider took it, once however often the request is retried).
import { describe, expect, it, vi } from 'vitest'
import type { LedgerWrite } from '../../functions/db/repositories/ledger.ts'
import type { Notification, Order, Payment } from '../../functions/domain/order.ts'
import { ledgerFields } from '../../functions/domain/payment.ts'
import { recordAdjustment } from '../../functions/use-cases/record-adjustment.ts'
import { recordShopPayment } from '../../functions/use-cases/record-shop-payment.ts'
import { refundEntry } from '../../functions/use-cases/refund-entry.ts'
import { testOrder } from '../support/orders.ts'

const NOW = '2026-03-01T12:00:00.000Z'
const now = () => new Date(NOW)
const REQ = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

/** One order and its ledger entries in memory; each write is kept (what the transaction would hold). */
function fakes(initial: Order, entries: Payment[] = []) {
  let stored = initial
  const ledgerEntries = new Map(entries.map((p) => [p.paymentId, p]))
  const writes: LedgerWrite[] = []
  return {
    writes,
    notifications: () => writes.flatMap((w) => w.notifications ?? []) as Notification[],
    orders: { getOrder: async (id: string) => (id === stored.orderId ? { ...stored } : null) },
    ledger: {
      getEntry: async (_orderId: string, paymentId: string) => ledgerEntries.get(paymentId) ?? null,
      write: async (w: LedgerWrite) => {
        writes.push(w)
        stored = w.order.order
        for (const p of w.create ?? []) ledgerEntries.set(p.paymentId, p)
        if (w.refunded) ledgerEntries.set(w.refunded.paymentId, { ...ledgerEntries.get(w.refunded.paymentId)!, refundedCents: w.refunded.toCents })
        if (w.settle) ledgerEntries.set(w.settle.paymentId, { ...ledgerEntries.get(w.settle.paymentId)!, ...w.settle.set })
        return stored
      },
    },
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
    await refundEntry({ ...f, gateway, orderId: 'o1', paymentId: 'shop_x', adminId: 'a', now, input: { requestId: REQ(1), method: 'cash', amountCents: 2500, reason: 'Part not needed' } })
    expect(gateway).not.toHaveBeenCalled()
    expect(f.notifications().map((n) => [n.kind, n.essential, n.title, n.message])).toEqual([['payment_refunded', true, 'Refund Issued: Colt 1911 (GS-000001)', 'We refunded $25.00 in cash for order GS-000001.']])
  })

  it('to a card: told once the provider took it, not when it is only recorded, and once however often it is retried', async () => {
    const o = testOrder({ amountPaidCents: 12_500 })
    const f = fakes(o, [cardPayment(o, 12_500)])
    const refund = vi.fn(async () => ({ refundId: 're_1', status: 'pending', amountCents: 2500 }))
    const gateway = async () => ({ refund })
    const input = { requestId: REQ(1), method: 'card' as const, amountCents: 2500, reason: 'Part not needed' }
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
    await expect(refundEntry({ ...f, gateway, orderId: 'o1', paymentId: 'pay_pi_1', adminId: 'a', now, input: { requestId: REQ(1), method: 'card', amountCents: 2500, reason: 'x' } })).rejects.toThrow()
    expect(f.notifications()).toEqual([])
  })
})
