import { describe, expect, it } from 'vitest'
import { type Order, type Payment } from '../../functions/domain/order.ts'
import { allocatePayment, checkoutIsStale, ledgerTotals } from '../../functions/domain/payment.ts'
import { testOrder } from '../support/orders.ts'
import { line } from '../support/extra-work.ts'

const order = testOrder
// $125.00 with shipping, $100.00 without.
const open = (over: Partial<NonNullable<Order['openCheckout']>> = {}) => ({ paymentIntentId: 'pi_1', amountCents: 12_500, includeShipping: true, totalCents: 12_500, ...over })

describe('checkoutIsStale: an order write closes the checkout it no longer matches', () => {
  it('keeps a checkout that still fits the order', () => {
    expect(checkoutIsStale(order())).toBe(false)
    expect(checkoutIsStale(order({ openCheckout: open() }))).toBe(false)
    expect(checkoutIsStale(order({ openCheckout: open({ includeShipping: false, totalCents: 10_000, amountCents: 4_000 }) }))).toBe(false)
  })

  it('closes it when the order is deleted or archived, repriced, or it would charge more than the balance', () => {
    expect(checkoutIsStale(order({ openCheckout: open(), isDeleted: true }))).toBe(true)
    expect(checkoutIsStale(order({ openCheckout: open(), isArchived: true }))).toBe(true)
    expect(checkoutIsStale(order({ openCheckout: open(), lines: [line(1_000, { kind: 'labor' })] }))).toBe(true)
    expect(checkoutIsStale(order({ openCheckout: open(), estimatedCostCents: 9_000 }))).toBe(true)
    // Another payment landed: $125.00 would overpay a $100.00 balance.
    expect(checkoutIsStale(order({ openCheckout: open(), amountPaidCents: 2_500 }))).toBe(true)
    expect(checkoutIsStale(order({ openCheckout: open({ amountCents: 10_000 }), amountPaidCents: 2_500 }))).toBe(false)
  })
})

describe('allocatePayment: never more than the balance', () => {
  it('applies up to the balance (with the shipping choice paid for) and keeps the rest as a flagged credit', () => {
    expect(allocatePayment(order(), 12_500, true)).toEqual({ appliedCents: 12_500, creditCents: 0 })
    expect(allocatePayment(order(), 12_500, false)).toEqual({ appliedCents: 10_000, creditCents: 2_500, flag: 'overpayment' })
    expect(allocatePayment(order({ amountPaidCents: 12_000 }), 5_000, true)).toEqual({ appliedCents: 500, creditCents: 4_500, flag: 'overpayment' })
    expect(allocatePayment(order({ amountPaidCents: 12_500 }), 5_000, true)).toEqual({ appliedCents: 0, creditCents: 5_000, flag: 'overpayment' })
    expect(allocatePayment(order({ adjustmentsCents: 2_500 }), 12_500, true)).toEqual({ appliedCents: 10_000, creditCents: 2_500, flag: 'overpayment' })
  })

  it('puts all of it in credit on a deleted order, and applies it flagged on an archived one', () => {
    expect(allocatePayment(order({ isDeleted: true }), 5_000, true)).toEqual({ appliedCents: 0, creditCents: 5_000, flag: 'order_deleted' })
    expect(allocatePayment(order({ isArchived: true }), 5_000, true)).toEqual({ appliedCents: 5_000, creditCents: 0, flag: 'order_archived' })
  })
})

describe('ledgerTotals: the sums the order item keeps', () => {
  const entry = (over: Partial<Payment>): Payment => ({ orderId: 'o1', paymentId: Math.random().toString(36), customerId: 'c', orderNumber: 'GS-000001', amountCents: 0, paymentDate: 'x', paymentMethod: 'Cash', paymentStatus: 'successful', paymentIntentId: '', customerName: '', customerEmail: '', firearmMake: '', firearmModel: '', serialNumber: '', description: '', ...over })
  it('counts successful payments less refunds, adjustments, and credits less refunds; never declines or refund rows', () => {
    expect(
      ledgerTotals([
        entry({ amountCents: 5_000 }), // an entry from before kinds: a payment
        entry({ kind: 'payment', amountCents: 3_000, refundedCents: 1_000 }),
        entry({ kind: 'payment', amountCents: 9_999, paymentStatus: 'failed' }),
        entry({ kind: 'payment', amountCents: 9_999, paymentStatus: 'pending' }),
        entry({ kind: 'refund', amountCents: 1_000 }),
        entry({ kind: 'adjustment', amountCents: 500 }),
        entry({ kind: 'credit', amountCents: 2_000, refundedCents: 2_000 }),
        entry({ kind: 'credit', amountCents: 700 }),
      ]),
    ).toEqual({ amountPaidCents: 7_000, adjustmentsCents: 500, creditCents: 700 })
  })
})
