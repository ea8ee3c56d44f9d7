import { calculateInvoice, type InvoiceAmounts } from '@gs/shared/invoice'
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

/** The order's invoice, derived by the shared calculator (one invoice per order). */
export function invoiceOf(order: Order, shippingSelected = order.shippingSelected): InvoiceAmounts {
  return calculateInvoice({
    estimatedCostCents: order.estimatedCostCents,
    serviceCostCents: order.serviceCostCents,
    additionalCostCents: order.additionalCostCents,
    additionalCostApprovalStatus: order.additionalCostApprovalStatus,
    partsTotalCents: order.partsCount > 0 ? order.partsTotalCents : null,
    shippingSelected,
    amountPaidCents: order.amountPaidCents,
  })
}

export const formatOrderNumber = (n: number) => `GS-${String(n).padStart(6, '0')}`
export const invoiceNumberFor = (orderNumber: string) => orderNumber.replace(/^GS-/, 'INV-')
