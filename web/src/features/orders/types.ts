import type { InvoicePaymentStatus } from '@gs/shared/invoice';
import type { ApprovalStatus } from '@gs/shared/statuses';

// The customer API's shapes (API.md "Entities as the API shows them"; functions/api/orders/present.ts).

export interface Invoice {
  invoiceId: string;
  invoiceNumber: string;
  serviceCents: number;
  partsCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  amountPaidCents: number;
  balanceDueCents: number;
  paymentStatus: InvoicePaymentStatus;
  lastUpdated: string | null;
}

export interface Order {
  id: string;
  orderNumber: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  firearmMake: string;
  firearmModel: string;
  serialNumber: string;
  firearmCaliber: string | null;
  serviceType: string | null;
  description: string | null;
  estimatedCostCents: number;
  additionalCostCents: number;
  additionalCostReason: string | null;
  additionalCostApprovalStatus: ApprovalStatus;
  additionalCostApprovalDate: string | null;
  additionalCostApprovalNote: string | null;
  additionalCostRejectionReason: string | null;
  currentStatus: string | null;
  inboundTrackingNumber: string | null;
  outboundTrackingNumber: string | null;
  shippingSelected: boolean;
  isArchived: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  invoice: Invoice;
}

export interface StatusUpdate {
  id: string;
  orderId: string;
  status: string;
  notes: string | null;
  createdBy: string;
  authorLabel: string;
  isCustomerNote: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Part {
  id: string;
  orderId: string;
  partName: string;
  partDescription: string | null;
  partCostCents: number;
  quantity: number;
  lineTotalCents: number;
  createdAt: string;
  createdBy: string;
}

export interface Payment {
  paymentId: string;
  orderId: string;
  orderNumber: string;
  amountCents: number;
  paymentDate: string;
  paymentMethod: string;
  paymentStatus: 'successful' | 'pending' | 'failed';
  paymentIntentId: string;
  receiptUrl: string | null;
  notes: string | null;
}

export interface OrderDetail extends Order {
  updates: StatusUpdate[];
  parts: Part[];
  payments: Payment[];
}

/** Orders are shown by the first 8 characters of their id (customer-side §9). */
export const shortOrderId = (id: string) => id.slice(0, 8);
