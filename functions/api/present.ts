import type * as Api from '@gs/shared/api-types'
import { additionalCostFields, adminInvoiceStatus, requestAmounts, type ApprovalRequest, type BilledLine } from '@gs/shared/invoice'
import { invoiceOf, type Order, type StatusUpdate } from '#functions/domain/order.ts'
import { missingFromBook } from '@gs/shared/book'
import { intakeDueAt } from '@gs/shared/intake-due'

/**
 * The contract's shapes (docs/api.md, Entities); the only place they are built, but for the staff list's row
 * (functions/api/admin/orders/list-orders.ts: only that route needs it, and this file is in every admin cold start).
 */

export function presentInvoice(o: Order, shippingSelected = o.shippingSelected): Api.Invoice {
  return invoiceFrom(o, invoiceOf(o, shippingSelected))
}

/** The invoice of an order's bill (invoiceOf), so presentOrder computes the bill once for its lines and its invoice. */
function invoiceFrom(o: Order, { lines: _lines, ...inv }: ReturnType<typeof invoiceOf>): Api.Invoice {
  return {
    invoiceId: o.invoiceId,
    invoiceNumber: o.invoiceNumber,
    ...inv,
    creditCents: o.creditCents ?? 0,
    refundedCents: o.refundedCents ?? 0,
    disputedCents: o.disputedCents ?? 0,
    lastUpdated: o.invoiceLastUpdated,
  }
}

export const presentLine = (l: BilledLine): Api.ExtraLine => ({
  id: l.lineId,
  kind: l.kind,
  name: l.name,
  description: l.description ?? null,
  unitCents: l.unitCents,
  quantity: l.quantity,
  lineTotalCents: l.lineTotalCents,
  taxable: l.taxable,
  hours: l.hoursHundredths != null ? l.hoursHundredths / 100 : null,
  rateCents: l.rateCents ?? null,
  serviceTypeId: l.serviceTypeId ?? null,
  state: l.state,
  needsApproval: l.needsApproval,
  requestId: l.requestId ?? null,
  createdAt: l.createdAt,
  createdBy: l.createdBy,
})

export const presentRequest = (r: ApprovalRequest, taxRatePpm: number): Api.ApprovalRequest => ({
  id: r.requestId,
  reason: r.reason,
  status: r.status,
  lines: r.lines.map((l) => ({
    id: l.lineId,
    kind: l.kind,
    name: l.name,
    unitCents: l.unitCents,
    quantity: l.quantity,
    lineTotalCents: l.unitCents * l.quantity,
    hours: l.hoursHundredths != null ? l.hoursHundredths / 100 : null,
    rateCents: l.rateCents ?? null,
  })),
  ...requestAmounts(r.lines, taxRatePpm),
  requestedAt: r.requestedAt,
  decidedAt: r.decidedAt ?? null,
  rejectionReason: r.rejectionReason ?? null,
})

export function presentOrder(o: Order): Api.Order {
  const bill = invoiceOf(o)
  return {
    id: o.orderId,
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone ?? null,
    firearmMake: o.firearmMake,
    firearmModel: o.firearmModel,
    serialNumber: o.serialNumber,
    firearmCaliber: o.firearmCaliber ?? null,
    firearmType: o.firearmType ?? null,
    firearmImporter: o.firearmImporter ?? null,
    returnName: o.returnName ?? null,
    customerAddress: o.customerAddress ? { ...o.customerAddress, line2: o.customerAddress.line2 ?? null } : null,
    returnAddress: o.returnAddress ? { ...o.returnAddress, line2: o.returnAddress.line2 ?? null } : null,
    intake: o.intake
      ? { receivedOn: o.intake.receivedOn, from: o.intake.from, fromName: o.intake.fromName, fromLicense: o.intake.fromLicense ?? null, fromAddress: o.intake.fromAddress ?? null, conditionNotes: o.intake.conditionNotes ?? '', itemsReceived: o.intake.itemsReceived ?? '', recordedAt: o.intake.recordedAt }
      : null,
    release: o.release
      ? { releasedOn: o.release.releasedOn, method: o.release.method, to: o.release.to, toName: o.release.toName, toLicense: o.release.toLicense ?? null, toAddress: o.release.toAddress ?? null, carrier: o.release.carrier ?? null, trackingNumber: o.release.trackingNumber ?? null, idType: o.release.idType ?? null, idIssuer: o.release.idIssuer ?? null, idLast4: o.release.idLast4 ?? null, recipientIsDeliverer: o.release.recipientIsDeliverer ?? null, form4473Ref: o.release.form4473Ref ?? null, adultSignature: o.release.adultSignature ?? null, recordedAt: o.release.recordedAt }
      : null,
    missingFromBook: o.missingFromBook ?? missingFromBook(o),
    promisedDate: o.promisedDate ?? null,
    assignedTo: o.assignedTo ?? null,
    assignedToName: o.assignedToName ?? null,
    inboxSince: o.inboxSince ?? null,
    boxReceivedAt: o.boxReceivedAt ?? null,
    intakeDueAt: o.boxReceivedAt && !o.intake ? intakeDueAt(o.boxReceivedAt) : null,
    readyAt: o.readyAt ?? null,
    serviceType: o.serviceType,
    description: o.description,
    estimatedCostCents: o.estimatedCostCents,
    ...additionalCostFields({ lines: o.lines, requests: o.approvalRequests }),
    lines: bill.lines.map(presentLine),
    approvalRequests: o.approvalRequests.map((r) => presentRequest(r, o.taxRatePpm)),
    currentStatus: o.currentStatus,
    inboundTrackingNumber: o.inboundTrackingNumber ?? null,
    outboundTrackingNumber: o.outboundTrackingNumber ?? null,
    shippingSelected: o.shippingSelected,
    isArchived: o.isArchived,
    archivedAt: o.archivedAt ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    version: o.version,
    invoice: invoiceFrom(o, bill),
  }
}

export const presentUpdate = (u: StatusUpdate): Api.StatusUpdate => ({
  id: u.updateId,
  orderId: u.orderId,
  status: u.status,
  notes: u.notes,
  createdBy: u.createdBy,
  authorLabel: u.authorLabel,
  isCustomerNote: u.isCustomerNote,
  internal: u.internal === true,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
})
