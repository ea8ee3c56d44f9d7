import type { ApprovalStatus } from '@gs/shared/statuses';

// Shapes as API.md shows them (admin views).
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
  paymentStatus: 'unpaid' | 'partially_paid' | 'paid';
  lastUpdated: string | null;
}

export interface AdminOrder {
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
  serviceType: string;
  description: string;
  estimatedCostCents: number;
  additionalCostCents: number;
  additionalCostReason: string | null;
  additionalCostApprovalStatus: ApprovalStatus;
  additionalCostApprovalDate: string | null;
  additionalCostApprovalNote: string | null;
  additionalCostRejectionReason: string | null;
  currentStatus: string;
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

export interface AdminListOrder extends AdminOrder {
  invoiceBalanceDueCents: number;
  invoicePaymentStatus: 'no_invoice' | 'paid' | 'partially_paid' | 'payment_due';
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
  updatedAt: string | null;
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

export interface AdminOrderDetail extends AdminOrder {
  updates: StatusUpdate[];
  parts: Part[];
  payments: unknown[];
}

export type OrderView = 'active' | 'archived';

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (view: OrderView, limit: number) => ['admin', 'orders', 'list', view, limit] as const,
  detail: (orderId: string) => ['admin', 'orders', 'detail', orderId] as const,
  parts: (orderId: string) => ['admin', 'orders', 'detail', orderId, 'parts'] as const,
};

/** Order ids are shown truncated to 8 characters (admin-side §9). */
export const shortId = (id: string) => id.slice(0, 8);
