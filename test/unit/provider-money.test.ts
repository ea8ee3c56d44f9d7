// Money the card provider moves on its own (a dashboard refund, a dispute) lands on the entries the charge made: a
// batch payment's orders in the order its allocations list them, each order's credit before its payment, never more
// than an entry still holds. Disputed money is not received for the release until the dispute is won.
import { describe, expect, it } from 'vitest'
import type { Payment } from '../../functions/domain/order.ts'
import { ledgerFields } from '../../functions/domain/payment.ts'
import { heldForReleaseCents, refundStatusOf, splitAcrossEntries } from '../../functions/domain/provider-money.ts'
import { checkRelease } from '../../functions/domain/release-rule.ts'
import { testOrder } from '../support/orders.ts'

const entry = (orderId: string, amountCents: number, over: Partial<Payment> = {}): Payment => ({
  ...ledgerFields(testOrder({ orderId })),
  paymentId: `pay_pi_1_${orderId}`,
  customerId: 'c1',
  amountCents,
  paymentDate: '2026-03-01T12:00:00.000Z',
  paymentMethod: 'Credit Card',
  paymentStatus: 'successful',
  paymentIntentId: 'pi_1',
  kind: 'payment',
  ...over,
})
const allocations = [
  { orderId: 'a', amountCents: 11_000 },
  { orderId: 'b', amountCents: 5_000 },
]

describe('splitting what the provider took back over a batch payment', () => {
  it('takes the orders in the order of the allocations, never more than each holds', () => {
    const { pieces, unattributedCents } = splitAcrossEntries('pi_1', allocations, [entry('b', 5_000), entry('a', 11_000)], 13_000)
    expect(pieces.map((p) => [p.orderId, p.cents])).toEqual([
      ['a', 11_000],
      ['b', 2_000],
    ])
    expect(unattributedCents).toBe(0)
  })

  it("takes an order's credit before its payment, and skips what was refunded already", () => {
    const credit = entry('a', 1_000, { paymentId: 'pay_pi_1_a_credit', kind: 'credit' })
    const { pieces } = splitAcrossEntries('pi_1', allocations, [entry('a', 10_000, { refundedCents: 9_500 }), credit, entry('b', 5_000)], 3_000)
    expect(pieces.map((p) => [p.entry.paymentId, p.cents])).toEqual([
      ['pay_pi_1_a_credit', 1_000],
      ['pay_pi_1_a', 500],
      ['pay_pi_1_b', 1_500],
    ])
  })

  it('reports what no entry holds (a pending or failed entry holds nothing)', () => {
    const { pieces, unattributedCents } = splitAcrossEntries('pi_1', allocations, [entry('a', 11_000, { paymentStatus: 'pending' }), entry('b', 5_000)], 6_000)
    expect(pieces.map((p) => [p.orderId, p.cents])).toEqual([['b', 5_000]])
    expect(unattributedCents).toBe(1_000)
  })

  it("reads the provider's refund statuses as the ledger's", () => {
    expect(['succeeded', 'pending', 'requires_action', 'failed', 'canceled'].map(refundStatusOf)).toEqual(['successful', 'pending', 'pending', 'failed', 'failed'])
  })
})

describe('the release rule and disputed money', () => {
  const paid = { estimatedCostCents: 11_000, shippingSelected: false, amountPaidCents: 11_000, currentStatus: 'work_complete' }

  it('a paid order under an open dispute is not released without an override', () => {
    expect(heldForReleaseCents(0, 7_900)).toBe(7_900)
    const o = testOrder({ ...paid, disputedCents: 11_000 })
    expect(() => checkRelease(o, 'shipped', null, 'status')).toThrow("$110.00 of this order's card payments is disputed by the customer's card issuer: disputed money does not count as received until the dispute is won. Wait for the decision before setting it to Shipped, or give an override reason.")
    expect(checkRelease(o, 'shipped', 'Owner vouched for it', 'status')).toBe('Released with $110.00 under dispute: Owner vouched for it')
  })

  it('won (nothing disputed any more) the order is released; lost, the balance the chargeback reopened holds it', () => {
    expect(checkRelease(testOrder({ ...paid, disputedCents: 0 }), 'shipped', null, 'status')).toBeNull()
    expect(() => checkRelease(testOrder({ ...paid, amountPaidCents: 0, disputedCents: 0 }), 'shipped', null, 'status')).toThrow('balance due of $110.00')
  })
})
