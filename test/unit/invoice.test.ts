import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TAX_RATE_PPM,
  SHIPPING_FEE_CENTS,
  additionalCostFields,
  adminInvoiceStatus,
  billStatement,
  calculateBill,
  formatTaxRate,
  invoicePaymentStatus,
  requestAmounts,
  splitProportionally,
  taxLabel,
  taxOn,
  taxRatePercentToPpm,
  type BillInput,
} from '../../shared/src/invoice.ts'
import { presentLine } from '../../functions/api/present.ts'
import { billedExtra, line, requestedExtra } from '../support/extra-work.ts'

const base: BillInput = { estimatedCostCents: 10_000, lines: [], requests: [], taxRatePpm: DEFAULT_TAX_RATE_PPM, shippingSelected: true, amountPaidCents: 0 }
const bill = (o: Partial<BillInput>) => calculateBill({ ...base, ...o })
const withExtra = (extra: { lines: BillInput['lines']; approvalRequests: BillInput['requests'] }, o: Partial<BillInput> = {}) => bill({ lines: extra.lines, requests: extra.approvalRequests, ...o })

describe('calculateBill (docs/business-rules.md, integer cents)', () => {
  it('uses 7.75 % by default and a 25.00 shipping fee', () => {
    expect(DEFAULT_TAX_RATE_PPM).toBe(77_500)
    expect(formatTaxRate(DEFAULT_TAX_RATE_PPM)).toBe('7.75%')
    expect(taxLabel(88_750)).toBe('Tax (8.875% on parts)')
    expect(SHIPPING_FEE_CENTS).toBe(2500)
  })

  it('adds service, billed parts, tax on parts only, labor untaxed, and shipping', () => {
    const { lines: _l, ...amounts } = bill({ lines: [line(4000), line(3000, { kind: 'labor' }), line(500, { kind: 'other' })] })
    expect(amounts).toEqual({
      serviceCents: 10_000,
      partsCents: 4000,
      laborCents: 3500,
      minimumFeeCents: 0,
      taxCents: 310,
      taxRatePpm: 77_500,
      shippingCents: 2500,
      totalCents: 10_000 + 4000 + 3500 + 310 + 2500,
      amountPaidCents: 0,
      adjustmentsCents: 0,
      balanceDueCents: 20_310,
      paymentStatus: 'unpaid',
      pendingApprovalCents: 0,
    })
    // never tax on service or labor
    expect(bill({ lines: [line(9999, { kind: 'labor' })] }).taxCents).toBe(0)
  })

  it('rounds the tax half-up on the parts sum, exactly for any size', () => {
    // 200 x 7.75 % = 15.5 → 16; 199 → 15.4225 → 15; 1 → 0; 7 → 0.5425 → 1; 6 → 0.465 → 0
    for (const [parts, tax] of [[200, 16], [199, 15], [1, 0], [7, 1], [6, 0], [1000, 78], [3000, 233], [99_999_999, 7_750_000]]) {
      expect(bill({ lines: [line(parts)] }).taxCents).toBe(tax)
    }
    expect(taxOn(0, 77_500)).toBe(0)
    expect(taxOn(4_000_000_000, 88_750)).toBe(355_000_000)
  })

  it("bills at the order's own rate", () => {
    expect(bill({ lines: [line(10_000)], taxRatePpm: 82_500 }).taxCents).toBe(825)
    expect(bill({ lines: [line(10_000)], taxRatePpm: 0 }).taxCents).toBe(0)
  })

  it('bills a line that needs no approval or whose request was approved; pending, draft and rejected never', () => {
    expect(withExtra(billedExtra(5000)).partsCents).toBe(5000)
    expect(withExtra(requestedExtra(5000, 'approved')).partsCents).toBe(5000)
    for (const status of ['pending', 'rejected', 'withdrawn'] as const) {
      const b = withExtra(requestedExtra(5000, status))
      expect(b).toMatchObject({ partsCents: 0, taxCents: 0, totalCents: 12_500, pendingApprovalCents: status === 'pending' ? 5000 : 0 })
    }
    expect(bill({ lines: [line(5000, { needsApproval: true })] })).toMatchObject({ partsCents: 0, totalCents: 12_500 })
  })

  it('leaves shipping off when not selected, and lets a service cost override the estimate (0 included)', () => {
    expect(bill({ shippingSelected: false, lines: [line(1000)] }).totalCents).toBe(10_000 + 1000 + 78)
    expect(bill({ serviceCostCents: 7500 }).serviceCents).toBe(7500)
    expect(bill({ serviceCostCents: 0 }).serviceCents).toBe(0)
    expect(bill({ serviceCostCents: null }).serviceCents).toBe(10_000)
  })

  it('tracks partial payments and the three statuses; never a negative balance', () => {
    expect(bill({}).paymentStatus).toBe('unpaid')
    expect(bill({ amountPaidCents: 1 })).toMatchObject({ balanceDueCents: 12_499, paymentStatus: 'partially_paid' })
    expect(bill({ amountPaidCents: 12_500 })).toMatchObject({ balanceDueCents: 0, paymentStatus: 'paid' })
    expect(bill({ amountPaidCents: 50_000 })).toMatchObject({ balanceDueCents: 0, amountPaidCents: 50_000, paymentStatus: 'paid' })
    expect(invoicePaymentStatus(0, 0)).toBe('paid')
    expect(invoicePaymentStatus(5, -1)).toBe('paid')
    expect(invoicePaymentStatus(0, 1)).toBe('unpaid')
  })

  it('treats negative or non-finite inputs as 0', () => {
    expect(bill({ estimatedCostCents: -5, amountPaidCents: -100, shippingSelected: false, lines: [line(Number.NaN)] })).toMatchObject({ serviceCents: 0, partsCents: 0, totalCents: 0, balanceDueCents: 0 })
  })
})

describe('the bill a person reads', () => {
  const arbLine = fc.record({
    unitCents: fc.integer({ min: 0, max: 2_000_000 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    kind: fc.constantFrom('part' as const, 'labor' as const, 'other' as const),
    status: fc.constantFrom('none' as const, 'draft' as const, 'pending' as const, 'approved' as const, 'rejected' as const, 'withdrawn' as const),
  })

  it('its rows (service, every billed line, tax, shipping) always sum to the total, and nothing unbilled is among them', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 12 }), fc.integer({ min: 0, max: 5_000_000 }), fc.boolean(), fc.integer({ min: 0, max: 150_000 }), (specs, estimate, shipping, rate) => {
        const lines = []
        const requests = []
        for (const [i, sp] of specs.entries()) {
          if (sp.status === 'none' || sp.status === 'draft') lines.push(line(sp.unitCents, { quantity: sp.quantity, kind: sp.kind, needsApproval: sp.status === 'draft' }))
          else {
            const r = requestedExtra(sp.unitCents, sp.status, `r${i}`)
            lines.push({ ...r.lines[0], quantity: sp.quantity, kind: sp.kind })
            requests.push(...r.approvalRequests)
          }
        }
        const b = calculateBill({ ...base, estimatedCostCents: estimate, shippingSelected: shipping, taxRatePpm: rate, lines, requests })
        const rows = billStatement(b, b.lines.map(presentLine))
        expect(rows.reduce((a, r) => a + r.cents, 0)).toBe(b.totalCents)
        const billedIds = new Set(b.lines.filter((l) => l.state === 'billed').map((l) => `line-${l.lineId}`))
        expect(rows.filter((r) => r.key.startsWith('line-')).map((r) => r.key)).toEqual([...billedIds])
        expect(b.pendingApprovalCents).toBe(b.lines.filter((l) => l.state === 'pending').reduce((a, l) => a + l.lineTotalCents, 0))
      }),
      { numRuns: 300 },
    )
  })

  it('a request asks for its own lines, their tax and their sum', () => {
    expect(requestAmounts([{ lineId: 'a', kind: 'part', name: 'Extractor', unitCents: 4500, quantity: 1 }, { lineId: 'b', kind: 'labor', name: 'Fit', unitCents: 6500, quantity: 1 }], 77_500)).toEqual({ subtotalCents: 11_000, taxCents: 349, totalCents: 11_349 })
  })

  it('the spec fields describe the latest request that was not withdrawn', () => {
    expect(additionalCostFields({ lines: [], requests: [] })).toMatchObject({ additionalCostApprovalStatus: 'not_required', additionalCostCents: 0 })
    expect(additionalCostFields({ lines: billedExtra(3000).lines, requests: [] })).toMatchObject({ additionalCostApprovalStatus: 'not_required', additionalCostCents: 3000 })
    const first = requestedExtra(4500, 'approved', 'First')
    const second = requestedExtra(2000, 'rejected', 'Second', { rejectionReason: 'No' })
    const third = requestedExtra(999, 'withdrawn', 'Third')
    const f = additionalCostFields({ lines: [...first.lines, ...second.lines, ...third.lines], requests: [...first.approvalRequests, ...second.approvalRequests, ...third.approvalRequests] })
    expect(f).toMatchObject({ additionalCostApprovalStatus: 'rejected', additionalCostCents: 2000, additionalCostReason: 'Second', additionalCostRejectionReason: 'No', additionalCostApproved: false })
  })

  it('takes a typed tax rate with at most three decimals', () => {
    expect(taxRatePercentToPpm(7.75)).toBe(77_500)
    expect(taxRatePercentToPpm(8.875)).toBe(88_750)
    expect(taxRatePercentToPpm(0)).toBe(0)
    expect(taxRatePercentToPpm(8.8751)).toBeNull()
    expect(taxRatePercentToPpm(-1)).toBeNull()
    expect(taxRatePercentToPpm(101)).toBeNull()
  })
})

describe('splitProportionally', () => {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

  it('gives each order its balance when the charge is the sum of the balances', () => {
    expect(splitProportionally(6000, [1000, 2000, 3000])).toEqual([1000, 2000, 3000])
  })

  it('sums exactly with odd cents over three orders', () => {
    const parts = splitProportionally(100, [1, 1, 1])
    expect(sum(parts)).toBe(100)
    expect(parts).toEqual([34, 33, 33])
    const odd = splitProportionally(10_001, [3333, 3333, 3335])
    expect(sum(odd)).toBe(10_001)
    const uneven = splitProportionally(999, [12_345, 6789, 1])
    expect(sum(uneven)).toBe(999)
    expect(uneven[2]).toBeLessThanOrEqual(1)
  })

  it('uses the largest remainder and never gives a share above its balance', () => {
    // exact shares 33.33.., 66.66.. → floors 33, 66, the cent goes to the larger remainder
    expect(splitProportionally(100, [1, 2])).toEqual([33, 67])
    for (let trial = 0; trial < 500; trial++) {
      const balances = Array.from({ length: 1 + (trial % 7) }, (_, i) => 1 + ((trial * 7919 + i * 104_729) % 250_000))
      const total = sum(balances) - (trial % 3 === 0 ? 0 : trial % sum(balances))
      const shares = splitProportionally(total, balances)
      expect(sum(shares)).toBe(total)
      shares.forEach((s, i) => {
        expect(Number.isInteger(s)).toBe(true)
        expect(s).toBeGreaterThanOrEqual(0)
        expect(s).toBeLessThanOrEqual(balances[i])
      })
    }
  })

  it('stays exact for amounts too large for float products', () => {
    const shares = splitProportionally(9_000_000_000_001, [3_000_000_000_000, 3_000_000_000_000, 3_000_000_000_001])
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_000_000_000_001)
  })

  it('returns zeros for nothing to split and ignores negative balances', () => {
    expect(splitProportionally(0, [1, 2])).toEqual([0, 0])
    expect(splitProportionally(100, [0, 0])).toEqual([0, 0])
    expect(splitProportionally(100, [-50, 100])).toEqual([0, 100])
    expect(splitProportionally(100, [])).toEqual([])
  })
})

describe('adminInvoiceStatus', () => {
  it('derives the admin list status', () => {
    expect(adminInvoiceStatus(null)).toBe('no_invoice')
    expect(adminInvoiceStatus({ balanceDueCents: 0, paymentStatus: 'paid' })).toBe('paid')
    expect(adminInvoiceStatus({ balanceDueCents: 5, paymentStatus: 'partially_paid' })).toBe('partially_paid')
    expect(adminInvoiceStatus({ balanceDueCents: 5, paymentStatus: 'unpaid' })).toBe('payment_due')
  })
})

