import type { ADMIN_PAYMENT_SORTS, SORT_DIRECTIONS } from '@gs/shared/payment-messages';

// The admin payments API's shapes are in shared/ (AdminPayment, AdminPaymentsPage; the filters are
// the query schema's AdminPaymentsFilters).

export type AdminPaymentSort = (typeof ADMIN_PAYMENT_SORTS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
