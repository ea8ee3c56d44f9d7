import type { Invoice } from '../orders/types';
import type { Payment } from '../payments/types';

// Admin payment shapes (API.md; functions/api/orders/present.ts presentAdminPayment).

export interface AdminPayment extends Payment {
  customerName: string | null;
  customerEmail: string | null;
  firearmMake: string | null;
  firearmModel: string | null;
  serialNumber: string | null;
}

export type AdminPaymentSort = 'date' | 'customer' | 'amount';
export type SortDirection = 'asc' | 'desc';
export type AdminPaymentStatusFilter = '' | 'successful' | 'pending' | 'failed';

export interface AdminPaymentsQuery {
  search: string;
  status: AdminPaymentStatusFilter;
  sort: AdminPaymentSort;
  direction: SortDirection;
  page: number;
}

export interface AdminPaymentStats {
  count: number;
  revenueCents: number;
  successfulCount: number;
  /** Percent, 0–100. */
  successRate: number;
  last30DaysCount: number;
}

export interface AdminPaymentsPage {
  items: AdminPayment[];
  total: number;
  page: number;
  pageSize: number;
  stats: AdminPaymentStats;
}

export type { Invoice };

export const adminPaymentKeys = {
  all: ['admin', 'payments'] as const,
  list: (query: AdminPaymentsQuery) => [...adminPaymentKeys.all, 'list', query] as const,
};

export const adminInvoiceKeys = {
  all: ['admin', 'invoices'] as const,
};
