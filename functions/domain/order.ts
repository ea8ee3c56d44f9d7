import { calculateInvoice, directFixInvoice, type InvoiceAmounts } from '@gs/shared/invoice'
import type { ApprovalStatus } from '@gs/shared/statuses'

/** An order as the domain sees it (the invoice summary fields are a projection kept by the repository). */
export interface Order {
  orderId: string
  orderNumber: string
  customerId: string
  customerName: string
  customerEmail: string
  customerPhone?: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
  firearmCaliber?: string
  serviceType: string
  description: string
  estimatedCostCents: number
  serviceCostCents?: number
  additionalCostCents: number
  additionalCostReason?: string
  additionalCostApprovalStatus: ApprovalStatus
  additionalCostApprovalDate?: string
  additionalCostApprovalNote?: string
  additionalCostRejectionReason?: string
  currentStatus: string
  inboundTrackingNumber?: string
  outboundTrackingNumber?: string
  shippingSelected: boolean
  isArchived: boolean
  archivedAt?: string
  isDeleted: boolean
  deletedAt?: string
  partsTotalCents: number
  partsCount: number
  amountPaidCents: number
  invoiceId: string
  invoiceNumber: string
  invoiceLastUpdated: string
  /** Set by the admin "direct fix" (admin-side §9); the fix holds while the invoice inputs keep this key (see invoiceOf). */
  invoiceFixedAt?: string
  invoiceFixKey?: string
  createdAt: string
  updatedAt: string
  version: number
}

export interface StatusUpdate {
  orderId: string
  updateId: string
  status: string
  notes: string
  createdBy: string
  authorLabel: string
  isCustomerNote: boolean
  createdAt: string
  updatedAt: string
}

export interface Part {
  orderId: string
  partId: string
  partName: string
  partDescription?: string
  partCostCents: number
  quantity: number
  createdAt: string
  createdBy: string
}

export interface Payment {
  orderId: string
  paymentId: string
  customerId: string
  orderNumber: string
  amountCents: number
  paymentDate: string
  paymentMethod: string
  paymentStatus: 'successful' | 'pending' | 'failed'
  paymentIntentId: string
  receiptUrl?: string
  notes?: string
  customerName: string
  customerEmail: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
  description: string
}

export interface Notification {
  userId: string
  notificationId: string
  orderId?: string
  title: string
  message: string
  read: boolean
  createdAt: string
}

export interface OrderDetail {
  order: Order
  updates: StatusUpdate[]
  parts: Part[]
  payments: Payment[]
}

/** Everything the invoice is computed from except the payments: a direct fix holds while this stays the same. */
export function invoiceInputsKey(o: Order): string {
  return [o.estimatedCostCents, o.serviceCostCents ?? '', o.additionalCostCents, o.additionalCostApprovalStatus, o.partsCount, o.partsTotalCents, o.shippingSelected].join('|')
}

/** True while an admin direct fix applies: no invoice input (costs, parts, approval, shipping choice) changed since. */
export const invoiceFixActive = (o: Order) => !!o.invoiceFixKey && o.invoiceFixKey === invoiceInputsKey(o)

/**
 * The order's invoice, derived by the shared calculator (one invoice per order).
 * After an admin direct fix the direct-fix formula applies (service + parts from
 * the additional cost + tax, no shipping) until an input changes or a standard
 * refresh clears it; payments still move the balance either way. A preview with
 * another shipping choice is always the standard calculation, which is what
 * paying with that choice would charge.
 */
export function invoiceOf(order: Order, shippingSelected = order.shippingSelected): InvoiceAmounts {
  const input = {
    estimatedCostCents: order.estimatedCostCents,
    serviceCostCents: order.serviceCostCents,
    additionalCostCents: order.additionalCostCents,
    additionalCostApprovalStatus: order.additionalCostApprovalStatus,
    partsTotalCents: order.partsCount > 0 ? order.partsTotalCents : null,
    shippingSelected,
    amountPaidCents: order.amountPaidCents,
  }
  if (shippingSelected === order.shippingSelected && invoiceFixActive(order)) return directFixInvoice(input)
  return calculateInvoice(input)
}

export const formatOrderNumber = (n: number) => `GS-${String(n).padStart(6, '0')}`
export const invoiceNumberFor = (orderNumber: string) => orderNumber.replace(/^GS-/, 'INV-')

/** What a new order needs; everything else starts as for any fresh order. */
export type NewOrderFields = Pick<
  Order,
  'orderId' | 'orderNumber' | 'customerId' | 'customerName' | 'customerEmail' | 'firearmMake' | 'firearmModel' | 'serialNumber' | 'serviceType' | 'description' | 'estimatedCostCents'
> &
  Partial<Order>

/**
 * A fresh order: no parts, nothing paid, no cost approval needed, return shipping
 * selected, version 1, its invoice id and number. Overrides win.
 */
export function newOrder(fields: NewOrderFields, { invoiceId, at = new Date().toISOString() }: { invoiceId: string; at?: string }): Order {
  return {
    additionalCostCents: 0,
    additionalCostApprovalStatus: 'not_required',
    currentStatus: 'order_created',
    shippingSelected: true,
    isArchived: false,
    isDeleted: false,
    partsTotalCents: 0,
    partsCount: 0,
    amountPaidCents: 0,
    invoiceId,
    invoiceNumber: invoiceNumberFor(fields.orderNumber),
    invoiceLastUpdated: at,
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...fields,
  }
}
