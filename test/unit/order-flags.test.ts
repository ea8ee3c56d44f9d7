import { describe, expect, it } from 'vitest'
import { PAYABLE_STATUSES, needsApproval, needsPayment } from '@gs/shared/statuses'

describe('needsPayment (Payment Required / Make Payment)', () => {
  it('is true only with a balance due and a payable status', () => {
    for (const currentStatus of PAYABLE_STATUSES) {
      expect(needsPayment({ currentStatus, invoice: { balanceDueCents: 1 } })).toBe(true)
      expect(needsPayment({ currentStatus, invoice: { balanceDueCents: 0 } })).toBe(false)
    }
    expect(needsPayment({ currentStatus: 'in_progress', invoice: { balanceDueCents: 17500 } })).toBe(false)
    expect(needsPayment({ currentStatus: null, invoice: { balanceDueCents: 17500 } })).toBe(false)
    expect(needsPayment({ currentStatus: 'payment_needed' })).toBe(false)
  })
})

describe('needsApproval (Action Required)', () => {
  it('is true for a pending request on a cost above 0', () => {
    expect(needsApproval({ additionalCostApprovalStatus: 'pending', additionalCostCents: 12500 })).toBe(true)
    expect(needsApproval({ additionalCostApprovalStatus: 'pending', additionalCostCents: 0 })).toBe(false)
    expect(needsApproval({ additionalCostApprovalStatus: 'approved', additionalCostCents: 12500 })).toBe(false)
    expect(needsApproval({ additionalCostApprovalStatus: 'not_required', additionalCostCents: 12500 })).toBe(false)
  })
})
