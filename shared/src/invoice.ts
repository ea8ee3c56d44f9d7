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
  const rawParts = o.partsTotalCents !== null && o.partsTotalCents !== undefined && o.partsTotalCents > 0 ? o.partsTotalCents : o.additionalCostCents
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
 * Admin "direct fix" (admin-side §9): total = service + parts + tax (no shipping),
 * balance = max(0, total - paid).
 */
export function directFixInvoice(o: InvoiceInput): InvoiceAmounts {
  const base = calculateInvoice({ ...o, shippingSelected: false })
  return base
}

/** Splits a charge across orders in proportion to each balance; cents sum exactly to the total (largest remainder). */
export function splitProportionally(totalCents: number, balances: readonly number[]): number[] {
  const sum = balances.reduce((a, b) => a + b, 0)
  if (sum <= 0 || totalCents <= 0) return balances.map(() => 0)
  const exact = balances.map((b) => (totalCents * b) / sum)
  const floors = exact.map(Math.floor)
  let rest = totalCents - floors.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of order) {
    if (rest <= 0) break
    floors[i] += 1
    rest -= 1
  }
  return floors
}

/** Admin list status (admin-side §4): no_invoice | paid | partially_paid | payment_due. */
export function adminInvoiceStatus(invoice: { balanceDueCents: number; paymentStatus: InvoicePaymentStatus } | null | undefined) {
  if (!invoice) return 'no_invoice' as const
  if (invoice.balanceDueCents <= 0) return 'paid' as const
  return invoice.paymentStatus === 'partially_paid' ? ('partially_paid' as const) : ('payment_due' as const)
}
