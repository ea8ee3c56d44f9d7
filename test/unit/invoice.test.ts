import { describe, expect, it } from 'vitest'
import {
  SHIPPING_FEE_CENTS,
  TAX_RATE_BASIS_POINTS,
  adminInvoiceStatus,
  calculateInvoice,
  directFixInvoice,
  invoicePaymentStatus,
  splitProportionally,
  type InvoiceInput,
} from '../../shared/src/invoice.ts'
import { percentOfCents } from '../../shared/src/money.ts'
import { invoiceInputsKey, invoiceOf, newOrder, type Order } from '../../functions/domain/order.ts'

const base: InvoiceInput = {
  estimatedCostCents: 10_000,
  additionalCostCents: 0,
  additionalCostApprovalStatus: 'not_required',
  partsTotalCents: null,
  shippingSelected: true,
  amountPaidCents: 0,
}
const inv = (o: Partial<InvoiceInput>) => calculateInvoice({ ...base, ...o })

describe('calculateInvoice (API.md invoice rules, integer cents)', () => {
  it('uses 7.75 % and a 25.00 shipping fee', () => {
    expect(TAX_RATE_BASIS_POINTS).toBe(775)
    expect(SHIPPING_FEE_CENTS).toBe(2500)
  })

  it('adds service, parts, tax on parts only and shipping', () => {
    expect(inv({ partsTotalCents: 4000 })).toEqual({
      serviceCents: 10_000,
      partsCents: 4000,
      taxCents: 310,
      shippingCents: 2500,
      totalCents: 16_810,
      amountPaidCents: 0,
      balanceDueCents: 16_810,
      paymentStatus: 'unpaid',
    })
    // never tax on service
    expect(inv({}).taxCents).toBe(0)
  })

  it('rounds the tax half-up, at the boundary', () => {
    // 200 x 7.75 % = 15.5 → 16; 199 → 15.4225 → 15; 1 → 0.0775 → 0; 7 → 0.5425 → 1; 6 → 0.465 → 0
    expect(inv({ partsTotalCents: 200 }).taxCents).toBe(16)
    expect(inv({ partsTotalCents: 199 }).taxCents).toBe(15)
    expect(inv({ partsTotalCents: 1 }).taxCents).toBe(0)
    expect(inv({ partsTotalCents: 7 }).taxCents).toBe(1)
    expect(inv({ partsTotalCents: 6 }).taxCents).toBe(0)
    // exactly .5 cents: 1000 x 7.75 % = 77.5 → 78; 3000 → 232.5 → 233
    expect(inv({ partsTotalCents: 1000 }).taxCents).toBe(78)
    expect(inv({ partsTotalCents: 3000 }).taxCents).toBe(233)
    expect(percentOfCents(0, 775)).toBe(0)
    // large amounts stay exact
    expect(inv({ partsTotalCents: 99_999_999 }).taxCents).toBe(7_750_000)
  })

  it('leaves shipping off when not selected', () => {
    const i = inv({ shippingSelected: false, partsTotalCents: 1000 })
    expect(i.shippingCents).toBe(0)
    expect(i.totalCents).toBe(10_000 + 1000 + 78)
  })

  it('lets a service cost set by the shop override the estimate (0 included)', () => {
    expect(inv({ serviceCostCents: 7500 }).serviceCents).toBe(7500)
    expect(inv({ serviceCostCents: 0 }).serviceCents).toBe(0)
    expect(inv({ serviceCostCents: null }).serviceCents).toBe(10_000)
  })

  it('bills the parts sum when the order has parts, else the additional cost', () => {
    expect(inv({ additionalCostCents: 5000 }).partsCents).toBe(5000)
    expect(inv({ additionalCostCents: 5000, partsTotalCents: 1234 }).partsCents).toBe(1234)
    // parts that sum to 0 are still "the order has parts"
    expect(inv({ additionalCostCents: 5000, partsTotalCents: 0 }).partsCents).toBe(0)
  })

  it('bills parts only while the approval is not_required or approved', () => {
    expect(inv({ additionalCostCents: 5000, additionalCostApprovalStatus: 'approved' }).partsCents).toBe(5000)
    for (const s of ['pending', 'rejected'] as const) {
      const i = inv({ additionalCostCents: 5000, additionalCostApprovalStatus: s })
      expect(i.partsCents).toBe(0)
      expect(i.taxCents).toBe(0)
      expect(i.totalCents).toBe(12_500)
    }
  })

  it('tracks partial payments and the three statuses', () => {
    expect(inv({ amountPaidCents: 0 }).paymentStatus).toBe('unpaid')
    const partial = inv({ amountPaidCents: 1 })
    expect(partial.balanceDueCents).toBe(12_499)
    expect(partial.paymentStatus).toBe('partially_paid')
    const exact = inv({ amountPaidCents: 12_500 })
    expect(exact.balanceDueCents).toBe(0)
    expect(exact.paymentStatus).toBe('paid')
    const oneShort = inv({ amountPaidCents: 12_499 })
    expect(oneShort.balanceDueCents).toBe(1)
    expect(oneShort.paymentStatus).toBe('partially_paid')
  })

  it('never lets an overpayment push the balance below 0', () => {
    const over = inv({ amountPaidCents: 50_000 })
    expect(over.balanceDueCents).toBe(0)
    expect(over.amountPaidCents).toBe(50_000)
    expect(over.paymentStatus).toBe('paid')
  })

  it('treats negative or non-finite inputs as 0 and rounds fractional cents', () => {
    const i = inv({ estimatedCostCents: -5, additionalCostCents: Number.NaN, amountPaidCents: -100, shippingSelected: false })
    expect(i).toMatchObject({ serviceCents: 0, partsCents: 0, totalCents: 0, amountPaidCents: 0, balanceDueCents: 0, paymentStatus: 'paid' })
    expect(inv({ estimatedCostCents: 100.6 }).serviceCents).toBe(101)
  })

  it('invoicePaymentStatus: paid at 0 or less', () => {
    expect(invoicePaymentStatus(0, 0)).toBe('paid')
    expect(invoicePaymentStatus(5, -1)).toBe('paid')
    expect(invoicePaymentStatus(5, 1)).toBe('partially_paid')
    expect(invoicePaymentStatus(0, 1)).toBe('unpaid')
  })
})

describe('directFixInvoice (admin-side §9)', () => {
  it('is service + parts (the additional cost) + tax, no shipping, balance max(0, total - paid)', () => {
    const i = directFixInvoice({ ...base, serviceCostCents: 8000, additionalCostCents: 2000, partsTotalCents: 9999, amountPaidCents: 1000 })
    expect(i).toEqual({
      serviceCents: 8000,
      partsCents: 2000,
      taxCents: 155,
      shippingCents: 0,
      totalCents: 10_155,
      amountPaidCents: 1000,
      balanceDueCents: 9155,
      paymentStatus: 'partially_paid',
    })
    expect(directFixInvoice({ ...base, amountPaidCents: 99_999 })).toMatchObject({ totalCents: 10_000, balanceDueCents: 0, paymentStatus: 'paid' })
  })

  it('falls back to the estimate without a service cost and does not bill an unapproved cost', () => {
    expect(directFixInvoice({ ...base, additionalCostCents: 2000, additionalCostApprovalStatus: 'rejected' }).totalCents).toBe(10_000)
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

describe('invoiceOf with an admin direct fix', () => {
  const order: Order = newOrder(
    {
      orderId: 'o1',
      orderNumber: 'GS-000001',
      customerId: 'c1',
      customerName: 'A',
      customerEmail: 'a@example.com',
      firearmMake: 'Colt',
      firearmModel: '1911',
      serialNumber: 'S',
      serviceType: 'Repair',
      description: 'd',
      estimatedCostCents: 10_000,
      additionalCostCents: 2000,
      additionalCostApprovalStatus: 'approved',
    },
    { invoiceId: 'inv', at: '2026-01-01T00:00:00.000Z' },
  )
  const fixed = { ...order, invoiceFixedAt: '2026-01-02T00:00:00.000Z', invoiceFixKey: invoiceInputsKey(order) }

  it('applies the fix while the inputs are unchanged, payments included', () => {
    expect(invoiceOf(order).totalCents).toBe(10_000 + 2000 + 155 + 2500)
    expect(invoiceOf(fixed).totalCents).toBe(12_155)
    expect(invoiceOf({ ...fixed, amountPaidCents: 12_155 }).paymentStatus).toBe('paid')
  })

  it('drops the fix once an input changes, and previews another shipping choice normally', () => {
    expect(invoiceOf({ ...fixed, additionalCostCents: 3000 }).shippingCents).toBe(2500)
    expect(invoiceOf({ ...fixed, shippingSelected: false }).totalCents).toBe(12_155)
    expect(invoiceOf(fixed, false).totalCents).toBe(12_155)
    const unshipped = { ...order, shippingSelected: false }
    const fixedUnshipped = { ...unshipped, invoiceFixKey: invoiceInputsKey(unshipped) }
    expect(invoiceOf(fixedUnshipped, true).shippingCents).toBe(2500)
  })
})
