import { formatCents } from './money.ts'

/**
 * The one cost model of an order (docs/business-rules.md, "Money"), used by the functions and the SPA: the service,
 * plus the billed extra work (parts taxable; labor and other charges never), plus tax, plus the return shipping fee
 * when selected. Everything is integer cents; the tax rate is in parts per million.
 */

export const SHIPPING_FEE_CENTS = 2500
/** 7.75 %: the rate every order was billed at before the rate became a setting, and the setting's default. */
export const DEFAULT_TAX_RATE_PPM = 77_500
/** Bounds that keep an order one small DynamoDB item (its lines and requests live on it). */
export const MAX_LINES_PER_ORDER = 40
export const MAX_REQUESTS_PER_ORDER = 10
/** One line's total (unit cost x quantity) at most $1,000,000.00, so every sum stays an exact integer. */
export const MAX_LINE_TOTAL_CENTS = 100_000_000

export const LINE_KINDS = ['part', 'labor', 'other'] as const
export type LineKind = (typeof LINE_KINDS)[number]
export const LINE_KIND_LABELS: Record<LineKind, string> = { part: 'Part', labor: 'Labor', other: 'Other charge' }
/** Sales tax applies to parts only, never to service, labor or other charges (unless the line's service type says otherwise: lineTaxable). */
export const isTaxable = (kind: LineKind) => kind === 'part'
/** A line is taxed as its service type said when it was added (stored on the line), else by its kind. */
export const lineTaxable = (l: { kind: LineKind; taxable?: boolean }) => l.taxable ?? isTaxable(l.kind)

/** Labor is billed in hundredths of an hour (1.5 h = 150): never a float. At most 1,000 h on one line. */
export const MAX_LABOR_HUNDREDTHS = 100_000
/** Hours × rate, in cents: hundredths × rate ÷ 100, rounded half-up (exact: at most 1e5 × 1e8). */
export const laborLineCents = (hoursHundredths: number, rateCents: number) => Math.floor((cents(hoursHundredths) * cents(rateCents) + 50) / 100)
/** 150 → "1.5", 125 → "1.25", 200 → "2". */
export const formatHours = (hoursHundredths: number) => String(Number((cents(hoursHundredths) / 100).toFixed(2)))
/** Hours as typed ("1.5", 1.25) in hundredths; null unless a positive number with at most two decimals, at most 1,000 h. */
export function hoursToHundredths(input: string | number): number | null {
  const s = String(input).trim()
  const m = /^(\d*)(?:\.(\d{0,2}))?$/.exec(s)
  if (!m || (!m[1] && !m[2])) return null
  const h = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return h > 0 && h <= MAX_LABOR_HUNDREDTHS ? h : null
}

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]
/** An approval request's status as staff read it. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Awaiting answer',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

/**
 * Where a line stands: billed (needs no approval, or its request was approved); draft (needs the
 * customer's approval and has not been asked yet, or its request was withdrawn); pending (asked,
 * no answer yet); rejected (the customer said no). Only billed lines are on the invoice.
 */
export type LineState = 'billed' | 'draft' | 'pending' | 'rejected'

/** Lines that can go into a new approval request: not billed, not already waiting for an answer. */
export const isRequestableLine = (state: LineState) => state === 'draft' || state === 'rejected'
/** A line's state as staff read it. */
export const LINE_STATE_LABELS: Record<LineState, string> = {
  billed: 'Billed',
  draft: 'Draft — needs approval',
  pending: 'Awaiting approval',
  rejected: 'Rejected',
}

export interface ExtraLine {
  lineId: string
  kind: LineKind
  name: string
  description?: string
  unitCents: number
  quantity: number
  /** Added as needing the customer's approval (spec: a part's `approved` flag defaults to approved, i.e. false here). */
  needsApproval: boolean
  /** The approval request the line was last put in. */
  requestId?: string
  /** Labor billed by the hour: the hours (hundredths) and the rate (cents per hour) when it was added; unitCents is their product (laborLineCents), quantity 1. */
  hoursHundredths?: number
  rateCents?: number
  /** Taxed or not as the service type said when the line was added; absent: by kind (isTaxable). */
  taxable?: boolean
  /** The price-list entry the line was picked from (its name is copied into `name`). */
  serviceTypeId?: string
  createdAt: string
  createdBy: string
}

/** A line as a request asked for it: what the customer saw, kept even if the line changes later. */
export type RequestedLine = Pick<ExtraLine, 'lineId' | 'kind' | 'name' | 'unitCents' | 'quantity' | 'hoursHundredths' | 'rateCents' | 'taxable'>

export interface ApprovalRequest {
  requestId: string
  reason: string
  status: RequestStatus
  lines: RequestedLine[]
  requestedAt: string
  requestedBy: string
  decidedAt?: string
  decidedBy?: string
  rejectionReason?: string
}

export type InvoicePaymentStatus = 'unpaid' | 'partially_paid' | 'paid'

export interface BillInput {
  estimatedCostCents: number
  /** A service cost set by the shop overrides the estimate. */
  serviceCostCents?: number | null
  lines: readonly ExtraLine[]
  requests: readonly ApprovalRequest[]
  taxRatePpm: number
  shippingSelected: boolean
  amountPaidCents: number
  /** Discounts and write-offs staff granted (they lower the balance, never the charges). */
  adjustmentsCents?: number
  /**
   * The shop's minimum service fee as it was when the order was created (0 or absent: none, as for every order made
   * before the fee was applied). While the service plus the billed labor and other charges are below it, the
   * difference is billed as the "Minimum service fee" line.
   */
  minimumServiceFeeCents?: number
}

export interface InvoiceAmounts {
  serviceCents: number
  /** Billed taxable lines (parts). */
  partsCents: number
  /** Billed untaxed lines (labor and other charges). */
  laborCents: number
  /** The top-up to the order's minimum service fee (0 when the service and labor reach it, or the order has none). */
  minimumFeeCents: number
  taxCents: number
  shippingCents: number
  totalCents: number
  amountPaidCents: number
  /** Discounts and write-offs: total − adjustments − paid = balance. */
  adjustmentsCents: number
  balanceDueCents: number
  paymentStatus: InvoicePaymentStatus
  /** Lines waiting for the customer's answer (not in the total). */
  pendingApprovalCents: number
  taxRatePpm: number
}

export interface BilledLine extends ExtraLine {
  state: LineState
  lineTotalCents: number
  taxable: boolean
}

const cents = (n: number | null | undefined) => (Number.isFinite(n) && (n as number) > 0 ? Math.round(n as number) : 0)

export const lineTotalCents = (l: Pick<ExtraLine, 'unitCents' | 'quantity'>) => cents(l.unitCents) * cents(l.quantity)

/** round-half-up of `amountCents` x rate (ppm), exact for any amount (BigInt). */
export function taxOn(amountCents: number, taxRatePpm: number): number {
  const a = BigInt(cents(amountCents))
  const r = BigInt(cents(taxRatePpm))
  return Number((a * r + 500_000n) / 1_000_000n)
}

export function lineState(line: Pick<ExtraLine, 'needsApproval' | 'requestId'>, requests: readonly Pick<ApprovalRequest, 'requestId' | 'status'>[]): LineState {
  const request = line.requestId ? requests.find((r) => r.requestId === line.requestId) : undefined
  if (request?.status === 'approved') return 'billed'
  if (request?.status === 'pending') return 'pending'
  if (request?.status === 'rejected') return 'rejected'
  return line.needsApproval ? 'draft' : 'billed'
}

export function billLines(lines: readonly ExtraLine[], requests: readonly ApprovalRequest[]): BilledLine[] {
  return lines.map((l) => ({ ...l, state: lineState(l, requests), lineTotalCents: lineTotalCents(l), taxable: lineTaxable(l) }))
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

/** The one invoice calculator, in integer cents. */
export function calculateBill(o: BillInput): InvoiceAmounts & { lines: BilledLine[] } {
  const serviceCents = o.serviceCostCents !== null && o.serviceCostCents !== undefined ? cents(o.serviceCostCents) : cents(o.estimatedCostCents)
  const lines = billLines(o.lines, o.requests)
  const billed = lines.filter((l) => l.state === 'billed')
  const partsCents = sum(billed.filter((l) => l.taxable).map((l) => l.lineTotalCents))
  const laborCents = sum(billed.filter((l) => !l.taxable).map((l) => l.lineTotalCents))
  const minimumFeeCents = minimumFeeTopUp(o.minimumServiceFeeCents, serviceCents + sum(billed.filter((l) => l.kind !== 'part').map((l) => l.lineTotalCents)))
  const taxCents = taxOn(partsCents, o.taxRatePpm)
  const shippingCents = o.shippingSelected ? SHIPPING_FEE_CENTS : 0
  const totalCents = serviceCents + partsCents + laborCents + minimumFeeCents + taxCents + shippingCents
  const amountPaidCents = cents(o.amountPaidCents)
  const adjustmentsCents = cents(o.adjustmentsCents)
  const balanceDueCents = Math.max(0, totalCents - adjustmentsCents - amountPaidCents)
  return {
    serviceCents,
    partsCents,
    laborCents,
    minimumFeeCents,
    taxCents,
    shippingCents,
    totalCents,
    amountPaidCents,
    adjustmentsCents,
    balanceDueCents,
    paymentStatus: invoicePaymentStatus(amountPaidCents, balanceDueCents),
    pendingApprovalCents: sum(lines.filter((l) => l.state === 'pending').map((l) => l.lineTotalCents)),
    taxRatePpm: cents(o.taxRatePpm),
    lines,
  }
}

/**
 * The minimum service fee's line: the difference between the fee and what the service and labor (every billed line
 * but parts) come to, never below 0. The difference, not the whole fee: an order already worth the fee pays nothing
 * more, and one below it pays exactly the fee.
 */
export const minimumFeeTopUp = (feeCents: number | null | undefined, serviceAndLaborCents: number) => Math.max(0, cents(feeCents) - cents(serviceAndLaborCents))
/** The bill's row of the top-up. */
export const MINIMUM_FEE_LABEL = 'Minimum service fee'

/** What a request asks the customer to approve: its lines, the tax on its taxed lines, and the sum. */
export function requestAmounts(lines: readonly RequestedLine[], taxRatePpm: number) {
  const subtotalCents = sum(lines.map(lineTotalCents))
  const taxCents = taxOn(sum(lines.filter((l) => lineTaxable(l)).map(lineTotalCents)), taxRatePpm)
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents }
}

/**
 * The spec's single additional-cost fields, derived from the requests so every
 * screen written against them keeps working: they describe the latest request that was not
 * withdrawn; with none, the approval is not_required and the additional cost is the billed extra work.
 */
export function additionalCostFields(o: Pick<BillInput, 'lines' | 'requests'>) {
  const latest = [...o.requests].reverse().find((r) => r.status !== 'withdrawn')
  if (!latest) {
    const billed = billLines(o.lines, o.requests).filter((l) => l.state === 'billed')
    return {
      additionalCostCents: sum(billed.map((l) => l.lineTotalCents)),
      additionalCostReason: null,
      additionalCostApprovalStatus: 'not_required' as const,
      additionalCostApprovalDate: null,
      additionalCostApprovalNote: null,
      additionalCostRejectionReason: null,
      additionalCostApproved: false,
    }
  }
  return {
    additionalCostCents: sum(latest.lines.map(lineTotalCents)),
    additionalCostReason: latest.reason,
    additionalCostApprovalStatus: latest.status as 'pending' | 'approved' | 'rejected',
    additionalCostApprovalDate: latest.decidedAt ?? null,
    additionalCostApprovalNote: latest.status === 'approved' ? CUSTOMER_APPROVED_NOTE : latest.reason,
    additionalCostRejectionReason: latest.rejectionReason ?? null,
    additionalCostApproved: latest.status === 'approved',
  }
}

/** Stored as the approval note and written in the history when the customer approves. */
export const CUSTOMER_APPROVED_NOTE = 'Customer approved additional costs'

export function invoicePaymentStatus(amountPaidCents: number, balanceDueCents: number): InvoicePaymentStatus {
  if (balanceDueCents <= 0) return 'paid'
  return amountPaidCents > 0 ? 'partially_paid' : 'unpaid'
}

/** "7.75%" (up to three decimals, no trailing zeros). */
export const formatTaxRate = (taxRatePpm: number) => `${Number((cents(taxRatePpm) / 10_000).toFixed(3))}%`
/** A rate typed in percent (at most three decimals, 0–100) in ppm; null otherwise. */
export function taxRatePercentToPpm(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null
  const ppm = Math.round(percent * 10_000)
  return Math.abs(ppm - percent * 10_000) < 1e-6 && ppm % 10 === 0 ? ppm : null
}
export const taxRatePpmToPercent = (ppm: number) => Number((ppm / 10_000).toFixed(3))

/** The tax line's label: "Tax (7.75% on parts)". */
export const taxLabel = (taxRatePpm: number) => `Tax (${formatTaxRate(taxRatePpm)} on parts)`

export interface StatementRow {
  key: string
  label: string
  cents: number
}

/** A line as the statement needs it (an API ExtraLine fits). */
export interface StatementLine {
  id: string
  name: string
  quantity: number
  /** Labor by the hour: shown as "Trigger Job — 1.5 h × $75.00". */
  hours?: number | null
  rateCents?: number | null
  state: LineState
  lineTotalCents: number
}

/** How a line is named on a bill: "Spring × 2" (the quantity only when above 1); labor by the hour "Trigger Job — 1.5 h × $75.00". */
export const lineLabel = (l: { name: string; quantity: number; hours?: number | null; rateCents?: number | null }) =>
  l.hours != null && l.rateCents != null ? `${l.name} — ${l.hours} h × ${formatCents(l.rateCents)}` : l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name

/**
 * The bill as the customer and staff read it: service, every billed line, tax, shipping. These rows
 * always sum to the invoice's `totalCents` (tested); payments and the balance follow the total.
 * Lines not billed (awaiting approval, drafts, rejected) are never among them.
 */
export function billStatement(
  invoice: Pick<InvoiceAmounts, 'serviceCents' | 'partsCents' | 'taxCents' | 'taxRatePpm' | 'shippingCents'> & Partial<Pick<InvoiceAmounts, 'minimumFeeCents'>>,
  lines: readonly StatementLine[],
  { serviceLabel = 'Service' } = {},
): StatementRow[] {
  const rows: StatementRow[] = [{ key: 'service', label: serviceLabel, cents: invoice.serviceCents }]
  for (const l of lines) {
    if (l.state !== 'billed') continue
    rows.push({ key: `line-${l.id}`, label: lineLabel(l), cents: l.lineTotalCents })
  }
  if (invoice.minimumFeeCents) rows.push({ key: 'minimum-fee', label: MINIMUM_FEE_LABEL, cents: invoice.minimumFeeCents })
  if (invoice.partsCents > 0 || invoice.taxCents > 0) rows.push({ key: 'tax', label: taxLabel(invoice.taxRatePpm), cents: invoice.taxCents })
  rows.push({ key: 'shipping', label: 'Shipping', cents: invoice.shippingCents })
  return rows
}

/** "$45.00 awaiting approval": lines the customer has not answered yet (never in the total). */
export const pendingSummary = (pendingCents: number) => (pendingCents > 0 ? `${formatCents(pendingCents)} awaiting approval` : null)

/** Extra work on the bill (billed parts, labor and other charges): never what awaits approval or was rejected. */
export const billedExtraCents = (invoice: Pick<InvoiceAmounts, 'partsCents' | 'laborCents'>) => invoice.partsCents + invoice.laborCents

/**
 * Splits a charge across orders in proportion to each balance, in whole cents
 * that sum exactly to the charge (largest remainder; ties go to the earlier
 * order). Exact integer arithmetic (BigInt), so no float rounding can move a
 * cent. A share never exceeds its balance when the charge does not exceed the
 * sum of the balances. Negative balances count as 0.
 */
export function splitProportionally(totalCents: number, balances: readonly number[]): number[] {
  const bs = balances.map((b) => BigInt(Number.isFinite(b) && b > 0 ? Math.round(b) : 0))
  const sumB = bs.reduce((a, b) => a + b, 0n)
  const total = BigInt(Number.isFinite(totalCents) && totalCents > 0 ? Math.round(totalCents) : 0)
  if (sumB <= 0n || total <= 0n) return balances.map(() => 0)
  const shares = bs.map((b) => (total * b) / sumB)
  const remainders = bs.map((b, i) => ({ i, r: total * b - shares[i] * sumB }))
  let rest = total - shares.reduce((a, b) => a + b, 0n)
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))
  for (const { i } of remainders) {
    if (rest <= 0n) break
    shares[i] += 1n
    rest -= 1n
  }
  return shares.map(Number)
}

/** Admin list status: no_invoice | paid | partially_paid | payment_due. */
export function adminInvoiceStatus(invoice: { balanceDueCents: number; paymentStatus: InvoicePaymentStatus } | null | undefined) {
  if (!invoice) return 'no_invoice' as const
  if (invoice.balanceDueCents <= 0) return 'paid' as const
  return invoice.paymentStatus === 'partially_paid' ? ('partially_paid' as const) : ('payment_due' as const)
}

/** Statuses that release the firearm: refused while a balance is due unless staff give a reason (shipping policy). */
export const RELEASE_STATUSES = ['ready_for_pickup', 'shipped', 'delivered', 'order_closed'] as const
export const isReleaseStatus = (status: string) => (RELEASE_STATUSES as readonly string[]).includes(status)
/** Moving to `nextStatus` releases the firearm while money is owed: refused unless staff give a reason. */
export const releaseNeedsOverride = (currentStatus: string, nextStatus: string, balanceDueCents: number) =>
  nextStatus !== currentStatus && isReleaseStatus(nextStatus) && balanceDueCents > 0
