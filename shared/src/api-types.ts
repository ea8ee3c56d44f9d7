import type { InvoicePaymentStatus } from './invoice.ts'
import type { ApprovalStatus } from './statuses.ts'

/**
 * The contract's response shapes (API.md "Entities as the API shows them").
 * The functions' presenters are typed against these and the SPA reads them,
 * so a change on one side is a type error on the other.
 */

export interface Invoice {
  invoiceId: string
  invoiceNumber: string
  serviceCents: number
  partsCents: number
  taxCents: number
  shippingCents: number
  totalCents: number
  amountPaidCents: number
  balanceDueCents: number
  paymentStatus: InvoicePaymentStatus
  lastUpdated: string | null
}

export interface Order {
  id: string
  orderNumber: string
  customerId: string
  customerName: string
  customerEmail: string
  customerPhone: string | null
  firearmMake: string
  firearmModel: string
  serialNumber: string
  firearmCaliber: string | null
  serviceType: string
  description: string
  estimatedCostCents: number
  additionalCostCents: number
  additionalCostReason: string | null
  additionalCostApprovalStatus: ApprovalStatus
  additionalCostApprovalDate: string | null
  additionalCostApprovalNote: string | null
  additionalCostRejectionReason: string | null
  currentStatus: string
  inboundTrackingNumber: string | null
  outboundTrackingNumber: string | null
  shippingSelected: boolean
  isArchived: boolean
  archivedAt: string | null
  createdAt: string
  updatedAt: string
  version: number
  invoice: Invoice
}

export type AdminInvoiceStatus = 'no_invoice' | 'paid' | 'partially_paid' | 'payment_due'

export interface AdminListOrder extends Order {
  invoiceBalanceDueCents: number
  invoicePaymentStatus: AdminInvoiceStatus
}

export interface StatusUpdate {
  id: string
  orderId: string
  status: string
  notes: string
  createdBy: string
  authorLabel: string
  isCustomerNote: boolean
  createdAt: string
  updatedAt: string
}

export interface Part {
  id: string
  orderId: string
  partName: string
  partDescription: string | null
  partCostCents: number
  quantity: number
  lineTotalCents: number
  createdAt: string
  createdBy: string
}

export interface Payment {
  paymentId: string
  orderId: string
  orderNumber: string
  amountCents: number
  paymentDate: string
  paymentMethod: string
  paymentStatus: 'successful' | 'pending' | 'failed'
  paymentIntentId: string
  receiptUrl: string | null
  notes: string | null
}

export interface AdminPayment extends Payment {
  customerName: string
  customerEmail: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
}

export interface OrderDetail extends Order {
  updates: StatusUpdate[]
  parts: Part[]
  payments: Payment[]
}

export interface Notification {
  id: string
  orderId: string | null
  title: string
  message: string
  read: boolean
  createdAt: string
}

/** Order ids are shown truncated to 8 characters (both specs §9). */
export const shortOrderId = (id: string) => id.slice(0, 8)
