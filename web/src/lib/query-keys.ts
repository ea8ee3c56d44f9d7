import type { AdminOrdersFilters } from '@gs/shared/schemas/admin-order-list';
import type { AdminPaymentsFilters } from '@gs/shared/schemas/admin-payments';

// The keys of the app's one query cache, in one place (like config/paths.ts for URLs): a feature
// refreshes what another one shows (a ledger change re-reads the payments page, a new order the
// customer list) by these keys, without importing that feature. One prefix per area, so
// invalidating `all` refreshes every list, detail and preview under it.

export const meQueryKey = ['me'] as const;

export const notificationsQueryKey = ['notifications'] as const;
/** The pages of the notification list (an infinite query); the bell reads its count from the first. */
export const notificationListQueryKey = [...notificationsQueryKey, 'list'] as const;

export const orderKeys = {
  all: ['orders'] as const,
  /** Every list of the customer's orders (invalidating it refreshes both below). */
  list: () => [...orderKeys.all, 'list'] as const,
  /** The pages loaded so far (the dashboard and My Firearm Orders: "Load more"). */
  pages: () => [...orderKeys.list(), 'pages'] as const,
  /** The pages of a search of My Firearm Orders loaded so far (under `list`: refreshed with the others). */
  searchPages: (search: string) => [...orderKeys.list(), 'search', search] as const,
  /** Every order, all pages read (the payment pages pick the unpaid ones). */
  everyOrder: () => [...orderKeys.list(), 'every'] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  /** The pages of an order's status history loaded so far ("Load older"). */
  updates: (orderId: string) => [...orderKeys.all, 'updates', orderId] as const,
  /** The history older than the detail's newest updates, all of it (the timeline reads it when it must). */
  olderUpdates: (orderId: string, cursor: string) => [...orderKeys.updates(orderId), 'older', cursor] as const,
  invoice: (orderId: string, shipping: boolean) => [...orderKeys.all, 'invoice', orderId, shipping] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  history: () => [...paymentKeys.all, 'history'] as const,
  intent: (paymentIntentId: string) => [...paymentKeys.all, 'intent', paymentIntentId] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
};

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  lists: ['admin', 'orders', 'list'] as const,
  /** One page of a list: its filters (list, status, customer, sort, search, page size) and the cursor it starts at. */
  list: (filters: AdminOrdersFilters, cursor: string | null = null) => ['admin', 'orders', 'list', filters, cursor] as const,
  detail: (orderId: string) => ['admin', 'orders', 'detail', orderId] as const,
  /** The status history pages loaded so far: under the detail, so what refreshes the order refreshes them too. */
  updates: (orderId: string) => ['admin', 'orders', 'detail', orderId, 'updates'] as const,
  /** The customer notifications about the order with their email and SMS delivery (also refreshed with the detail). */
  notifications: (orderId: string) => ['admin', 'orders', 'detail', orderId, 'notifications'] as const,
};

export const adminPaymentKeys = {
  all: ['admin', 'payments'] as const,
  list: (filters: AdminPaymentsFilters, cursor: string | null = null) => [...adminPaymentKeys.all, 'list', filters, cursor] as const,
};

/** The receivables page (totals and the pages loaded so far, per aging bucket; '' is every bucket). */
export const receivableKeys = {
  all: ['admin', 'receivables'] as const,
  pages: (bucket: string) => ['admin', 'receivables', 'pages', bucket] as const,
};

export const customerKeys = {
  all: ['admin', 'customers'] as const,
  /** The customer management panel's pages loaded so far for a search ("Load more"). */
  pages: (search: string) => ['admin', 'customers', 'pages', search] as const,
  /** The archived customers' pages loaded so far for a search (Archived Customers, "Load more"). */
  archived: (search: string) => ['admin', 'customers', 'archived', search] as const,
  /** One page of matches (the customer picker). */
  matches: (search: string, limit: number) => ['admin', 'customers', 'matches', search, limit] as const,
};

export const settingsKey = ['admin', 'settings'] as const;

/** The A&D book (GET /api/admin/book…): a receipt, a release or a correction refreshes `all`. */
export const bookKeys = {
  all: ['admin', 'book'] as const,
  /** The pages loaded so far of a view (inventory or book) for its filters. */
  pages: (filters: Record<string, string>) => ['admin', 'book', 'pages', filters] as const,
  corrections: () => ['admin', 'book', 'corrections'] as const,
  line: (orderId: string) => ['admin', 'book', 'line', orderId] as const,
  /** The firearms missing from the book: the pages loaded so far, and the count alone (the dashboard). */
  missing: () => ['admin', 'book', 'missing'] as const,
  missingCount: () => ['admin', 'book', 'missing', 'count'] as const,
  /** Every line of a range (the printed book). */
  range: (range: Record<string, string>) => ['admin', 'book', 'range', range] as const,
};

/** Whether the signed-in user has two-step sign-in (an authenticator app) on: staff pages need it (read from Cognito). */
export const mfaQueryKey = ['mfa'] as const;
