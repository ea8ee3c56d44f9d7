import { percentOfCents } from './money.ts'
import type { ApprovalStatus } from './statuses.ts'

/** Sales tax on parts only, in basis points (7.75 %). */
export const TAX_RATE_BASIS_POINTS = 775
export const SHIPPING_FEE_CENTS = 2500

export type InvoicePaymentStatus = 'unpaid' | 'partially_paid' | 'paid'

export interface InvoiceInput {
  estimatedCostCents: number
  /** A service cost set by the shop overrides the estimate. */
  serviceCostCents?: number | null
  additionalCostCents: number
  additionalCostApprovalStatus: ApprovalStatus
  /** Sum of parts (cost x quantity); null or undefined when the order has no parts. */
  partsTotalCents?: number | null
  shippingSelected: boolean
  amountPaidCents: number
}

export interface InvoiceAmounts {
  serviceCents: number
  partsCents: number
  taxCents: number
  shippingCents: number
  totalCents: number
  amountPaidCents: number
  balanceDueCents: number
  paymentStatus: InvoicePaymentStatus
}

const cents = (n: number | null | undefined) => (Number.isFinite(n) && (n as number) > 0 ? Math.round(n as number) : 0)

/** The one invoice calculator (API.md "Invoice" rules), in integer cents. */
export function calculateInvoice(o: InvoiceInput): InvoiceAmounts {
  const serviceCents = o.serviceCostCents !== null && o.serviceCostCents !== undefined ? cents(o.serviceCostCents) : cents(o.estimatedCostCents)
  const billable = o.additionalCostApprovalStatus === 'not_required' || o.additionalCostApprovalStatus === 'approved'
  // "When the order has parts": the caller passes null/undefined when it has none (parts summing to 0 still count).
  const rawParts = o.partsTotalCents !== null && o.partsTotalCents !== undefined ? o.partsTotalCents : o.additionalCostCents
  const partsCents = billable ? cents(rawParts) : 0
  const taxCents = percentOfCents(partsCents, TAX_RATE_BASIS_POINTS)
  const shippingCents = o.shippingSelected ? SHIPPING_FEE_CENTS : 0
  const totalCents = serviceCents + partsCents + taxCents + shippingCents
  const amountPaidCents = cents(o.amountPaidCents)
  const balanceDueCents = Math.max(0, totalCents - amountPaidCents)
  return {
    serviceCents,
    partsCents,
    taxCents,
    shippingCents,
    totalCents,
    amountPaidCents,
    balanceDueCents,
    paymentStatus: invoicePaymentStatus(amountPaidCents, balanceDueCents),
  }
}

export function invoicePaymentStatus(amountPaidCents: number, balanceDueCents: number): InvoicePaymentStatus {
  if (balanceDueCents <= 0) return 'paid'
  return amountPaidCents > 0 ? 'partially_paid' : 'unpaid'
}

/**
 * Admin "direct fix" (admin-side §9): total = service cost + parts + tax, no
 * shipping; balance = max(0, total - paid). Service comes from the service cost
 * (the estimate when the shop set none) and parts from the additional cost
 * field, not from the part lines; a pending or rejected additional cost is
 * still not billed, and tax is still on parts only.
 */
export function directFixInvoice(o: InvoiceInput): InvoiceAmounts {
  return calculateInvoice({ ...o, partsTotalCents: null, shippingSelected: false })
}

/**
 * Splits a charge across orders in proportion to each balance, in whole cents
 * that sum exactly to the charge (largest remainder; ties go to the earlier
 * order). Exact integer arithmetic (BigInt), so no float rounding can move a
 * cent. A share never exceeds its balance when the charge does not exceed the
 * sum of the balances. Negative balances count as 0.
 */
export function splitProportionally(totalCents: number, balances: readonly number[]): number[] {
  const bs = balances.map((b) => BigInt(Number.isFinite(b) && b > 0 ? Math.round(b) : 0))
  const sum = bs.reduce((a, b) => a + b, 0n)
  const total = BigInt(Number.isFinite(totalCents) && totalCents > 0 ? Math.round(totalCents) : 0)
  if (sum <= 0n || total <= 0n) return balances.map(() => 0)
  const shares = bs.map((b) => (total * b) / sum)
  const remainders = bs.map((b, i) => ({ i, r: total * b - shares[i] * sum }))
  let rest = total - shares.reduce((a, b) => a + b, 0n)
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))
  for (const { i } of remainders) {
    if (rest <= 0n) break
    shares[i] += 1n
    rest -= 1n
  }
  return shares.map(Number)
}

/** Admin list status (admin-side §4): no_invoice | paid | partially_paid | payment_due. */
export function adminInvoiceStatus(invoice: { balanceDueCents: number; paymentStatus: InvoicePaymentStatus } | null | undefined) {
  if (!invoice) return 'no_invoice' as const
  if (invoice.balanceDueCents <= 0) return 'paid' as const
  return invoice.paymentStatus === 'partially_paid' ? ('partially_paid' as const) : ('payment_due' as const)
}
