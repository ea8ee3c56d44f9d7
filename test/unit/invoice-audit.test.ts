import type * as Api from '@gs/shared/api-types'
import { calculateBill, DEFAULT_TAX_RATE_PPM } from '@gs/shared/invoice'
import { describe, expect, it } from 'vitest'
import { auditInvoice } from '../../scripts/invoice-audit.ts'

/** An order as GET /api/admin/orders/{id} shows it, paid `paid` cents by one intent. */
function order(paid: number[], over: Partial<Api.OrderDetail> = {}): Api.OrderDetail {
  const payments = paid.map((amountCents, i) => ({
    paymentId: `p${i}`,
    orderId: 'o1',
    orderNumber: 'GS-000001',
    amountCents,
    paymentDate: '2026-01-01T00:00:00.000Z',
    paymentMethod: 'card',
    paymentStatus: 'successful' as const,
    paymentIntentId: `pi_${i}`,
    receiptUrl: null,
    notes: null,
    kind: 'payment' as Api.LedgerKind,
    refundedCents: 0,
    refundOf: null as string | null,
    reason: null as string | null,
    flag: null,
  })) as Api.Payment[]
  const amountPaidCents = paid.reduce((a, b) => a + b, 0)
  const { lines: _lines, ...invoice } = calculateBill({ estimatedCostCents: 10_000, lines: [], requests: [], taxRatePpm: DEFAULT_TAX_RATE_PPM, shippingSelected: true, amountPaidCents })
  return {
    id: 'o1',
    orderNumber: 'GS-000001',
    estimatedCostCents: 10_000,
    additionalCostCents: 0,
    additionalCostApprovalStatus: 'not_required',
    shippingSelected: true,
    currentStatus: invoice.paymentStatus === 'paid' ? 'payment_received' : 'work_complete',
    invoice: { invoiceId: 'i1', invoiceNumber: 'INV-1', lastUpdated: null, creditCents: 0, ...invoice },
    lines: [],
    approvalRequests: [],
    updates: [],
    payments,
    ...over,
  } as unknown as Api.OrderDetail
}

describe('auditInvoice (the load run and the restart test rely on it)', () => {
  it('passes an invoice that matches its payments, paid or not', () => {
    expect(auditInvoice(order([]), { paidMeansReceived: true })).toEqual([])
    expect(auditInvoice(order([5_000, 7_500]), { paidMeansReceived: true })).toEqual([])
  })

  it('reports an amount paid that is not the sum of the payments, and the balance that follows from it', () => {
    const o = order([5_000])
    o.payments.push({ ...o.payments[0], paymentId: 'p9', paymentIntentId: 'pi_9' })
    const problems = auditInvoice(o)
    expect(problems).toContain('GS-000001: invoice amountPaidCents is 5000, expected 10000 (payments sum to 10000)')
    expect(problems.some((p) => p.includes('balanceDueCents'))).toBe(true)
  })

  it('reports an intent recorded twice on one order', () => {
    const o = order([5_000, 2_000])
    o.payments[1].paymentIntentId = o.payments[0].paymentIntentId
    expect(auditInvoice(o)).toContain('GS-000001: payment intent pi_0 recorded twice')
  })

  it('reads the ledger: a decline and a success of one intent are not a double payment; refunds, discounts and credits count as the model says', () => {
    const o = order([5_000])
    o.payments.push({ ...o.payments[0], paymentId: 'p0_declined', paymentStatus: 'failed', notes: 'Your card was declined.' })
    expect(auditInvoice(o)).toEqual([])
    // $20.00 of the payment refunded, a $5.00 discount, a $3.00 credit above the bill: the invoice that follows is consistent.
    const settled = order([5_000])
    settled.payments[0].refundedCents = 2_000
    settled.payments.push({ ...settled.payments[0], paymentId: 'r1', kind: 'refund', amountCents: 2_000, refundedCents: 0, refundOf: 'p0', paymentIntentId: 'pi_0' })
    settled.payments.push({ ...settled.payments[0], paymentId: 'a1', kind: 'adjustment', amountCents: 500, refundedCents: 0, paymentIntentId: '' })
    settled.payments.push({ ...settled.payments[0], paymentId: 'c1', kind: 'credit', amountCents: 300, refundedCents: 0, flag: 'overpayment' })
    const { lines: _l, ...inv } = calculateBill({ estimatedCostCents: 10_000, lines: [], requests: [], taxRatePpm: DEFAULT_TAX_RATE_PPM, shippingSelected: true, amountPaidCents: 3_000, adjustmentsCents: 500 })
    settled.invoice = { ...settled.invoice, ...inv, creditCents: 300 }
    expect(auditInvoice(settled)).toEqual([])
    settled.invoice.creditCents = 0
    expect(auditInvoice(settled)).toEqual(['GS-000001: credit is 0, the ledger holds 300'])
  })

  it('reports a paid order that did not move to payment_received, and wrong invoice math', () => {
    expect(auditInvoice(order([12_500], { currentStatus: 'shipped' }), { paidMeansReceived: true })).toEqual(['GS-000001: paid in full but status is shipped'])
    const o = order([])
    o.invoice.shippingCents = 0
    expect(auditInvoice(o)).toEqual(['GS-000001: invoice shippingCents is 0, expected 2500 (payments sum to 0)'])
  })
})
