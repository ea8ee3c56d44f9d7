import type { AdminPayment } from '@gs/shared/api-types';
import type { ADMIN_PAYMENT_SORTS, ADMIN_PAYMENT_STATUSES, SORT_DIRECTIONS } from '@gs/shared/payment-messages';

// Admin payment shapes (API.md; functions/api/orders/present.ts presentAdminPayment).
export type { AdminPayment };

export type AdminPaymentSort = (typeof ADMIN_PAYMENT_SORTS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** '' is All Statuses. */
export type AdminPaymentStatusFilter = '' | (typeof ADMIN_PAYMENT_STATUSES)[number];

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

export const adminPaymentKeys = {
  all: ['admin', 'payments'] as const,
  list: (query: AdminPaymentsQuery) => [...adminPaymentKeys.all, 'list', query] as const,
};
