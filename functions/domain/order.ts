import { calculateBill, DEFAULT_TAX_RATE_PPM, type ApprovalRequest, type BilledLine, type ExtraLine, type InvoiceAmounts } from '@gs/shared/invoice'

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
  /** Extra work (parts, labor, other charges) and the approval requests that asked for it: the bill is computed from these. */
  lines: ExtraLine[]
  approvalRequests: ApprovalRequest[]
  /** The sales tax rate the order was created with (ppm); changing the setting never changes an existing invoice. */
  taxRatePpm: number
  currentStatus: string
  inboundTrackingNumber?: string
  outboundTrackingNumber?: string
  shippingSelected: boolean
  isArchived: boolean
  archivedAt?: string
  isDeleted: boolean
  deletedAt?: string
  amountPaidCents: number
  invoiceId: string
  invoiceNumber: string
  invoiceLastUpdated: string
  /** The invoice summary as last stored on the order (read only: every write stores the calculator's). */
  storedInvoice?: StoredInvoice
  createdAt: string
  updatedAt: string
  version: number
}

export interface StoredInvoice {
  totalCents: number
  balanceDueCents: number
  paymentStatus: 'unpaid' | 'partially_paid' | 'paid'
  amountPaidCents: number
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
  payments: Payment[]
}

/** The order's invoice, by the one calculator; `shippingSelected` previews another shipping choice. */
export function invoiceOf(order: Order, shippingSelected = order.shippingSelected): InvoiceAmounts & { lines: BilledLine[] } {
  return calculateBill({
    estimatedCostCents: order.estimatedCostCents,
    serviceCostCents: order.serviceCostCents,
    lines: order.lines,
    requests: order.approvalRequests,
    taxRatePpm: order.taxRatePpm,
    shippingSelected,
    amountPaidCents: order.amountPaidCents,
  })
}

export const formatOrderNumber = (n: number) => `GS-${String(n).padStart(6, '0')}`
/** "gs-123", "GS-000123", "GS000123" → "GS-000123"; null when it is not an order number. */
export function normalizeOrderNumber(typed: string): string | null {
  const m = /^GS-?(\d{1,12})$/i.exec(typed.trim())
  return m ? formatOrderNumber(Number(m[1])) : null
}
export const invoiceNumberFor = (orderNumber: string) => orderNumber.replace(/^GS-/, 'INV-')

/** What a new order needs; everything else starts as for any fresh order. */
export type NewOrderFields = Pick<
  Order,
  'orderId' | 'orderNumber' | 'customerId' | 'customerName' | 'customerEmail' | 'firearmMake' | 'firearmModel' | 'serialNumber' | 'serviceType' | 'description' | 'estimatedCostCents'
> &
  Partial<Order>

/**
 * A fresh order: no extra work, nothing paid, the default tax rate, return shipping
 * selected, version 1, its invoice id and number. Overrides win.
 */
export function newOrder(fields: NewOrderFields, { invoiceId, at = new Date().toISOString() }: { invoiceId: string; at?: string }): Order {
  return {
    lines: [],
    approvalRequests: [],
    taxRatePpm: DEFAULT_TAX_RATE_PPM,
    currentStatus: 'order_created',
    shippingSelected: true,
    isArchived: false,
    isDeleted: false,
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
