import type * as Api from '@gs/shared/api-types'
import { calculateBill, type InvoiceAmounts } from '@gs/shared/invoice'

export const PAYMENT_RECEIVED = 'payment_received'

/**
 * What must hold for an order whatever happened to it (concurrent payments, a
 * restart in the middle of one): its invoice is the shared calculator's answer
 * for its fields, lines and the sum of its successful payments, and no
 * PaymentIntent paid it twice. With `paidMeansReceived` (no staff status change
 * after paying), a paid invoice also means status payment_received.
 * Returns the problems found; empty when consistent.
 */
export function auditInvoice(o: Api.OrderDetail, { paidMeansReceived = false } = {}): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  for (const p of o.payments) {
    if (p.orderId !== o.id) problems.push(`${o.orderNumber}: payment ${p.paymentId} belongs to order ${p.orderId}`)
    // A card intent lands once per order: one payment (and at most one credit above the bill). Declines and refunds are other entries.
    if (!p.paymentIntentId || p.paymentStatus !== 'successful' || (p.kind !== 'payment' && p.kind !== 'credit')) continue
    const key = `${p.paymentIntentId} ${p.orderId} ${p.kind}`
    if (seen.has(key)) problems.push(`${o.orderNumber}: payment intent ${p.paymentIntentId} recorded twice`)
    seen.add(key)
  }
  // The ledger's sums (functions/domain/payment.ts ledgerTotals): what was applied, granted and held.
  const successful = o.payments.filter((p) => p.paymentStatus === 'successful')
  const left = (p: Api.Payment) => p.amountCents - (p.refundedCents ?? 0)
  const paidCents = successful.filter((p) => (p.kind ?? 'payment') === 'payment').reduce((s, p) => s + left(p), 0)
  const adjustmentsCents = successful.filter((p) => p.kind === 'adjustment').reduce((s, p) => s + p.amountCents, 0)
  const creditCents = successful.filter((p) => p.kind === 'credit').reduce((s, p) => s + left(p), 0)
  if ((o.invoice.creditCents ?? 0) !== creditCents) problems.push(`${o.orderNumber}: credit is ${o.invoice.creditCents}, the ledger holds ${creditCents}`)
  const { invoiceId, invoiceNumber, lastUpdated, creditCents: _credit, ...shown } = o.invoice
  const { lines: _lines, ...expected }: InvoiceAmounts & { lines: unknown } = calculateBill({
    // The service cost the shop set is not on the order response: take it from the invoice, check the rest.
    serviceCostCents: shown.serviceCents,
    estimatedCostCents: o.estimatedCostCents,
    lines: o.lines.map((l) => ({ lineId: l.id, kind: l.kind, name: l.name, unitCents: l.unitCents, quantity: l.quantity, needsApproval: l.needsApproval, requestId: l.requestId ?? undefined, createdAt: l.createdAt, createdBy: l.createdBy })),
    requests: o.approvalRequests.map((r) => ({ requestId: r.id, reason: r.reason, status: r.status, lines: [], requestedAt: r.requestedAt, requestedBy: '' })),
    taxRatePpm: shown.taxRatePpm,
    shippingSelected: o.shippingSelected,
    amountPaidCents: paidCents,
    adjustmentsCents,
  })
  for (const k of Object.keys(expected) as Array<keyof InvoiceAmounts>) {
    if (shown[k] !== expected[k]) problems.push(`${o.orderNumber}: invoice ${k} is ${shown[k]}, expected ${expected[k]} (payments sum to ${paidCents})`)
  }
  if (shown.balanceDueCents < 0) problems.push(`${o.orderNumber}: negative balance ${shown.balanceDueCents}`)
  if (paidMeansReceived && shown.paymentStatus === 'paid' && o.currentStatus !== PAYMENT_RECEIVED) {
    problems.push(`${o.orderNumber}: paid in full but status is ${o.currentStatus}`)
  }
  return problems
}
