import type { AdminPaymentsFilters } from '@gs/shared/schemas/admin-payments';
import type { AdminPaymentSort, SortDirection } from './types';

/** What Reset Filters restores: no search, all statuses, newest payments first. */
export const DEFAULT_ADMIN_PAYMENTS_QUERY: AdminPaymentsFilters = { search: '', status: '', sort: 'date', direction: 'desc' };

/** Clicking the active column flips its direction; another column starts descending. */
export function nextSort(
  current: { sort: AdminPaymentSort; direction: SortDirection },
  column: AdminPaymentSort,
): { sort: AdminPaymentSort; direction: SortDirection } {
  if (current.sort === column) return { sort: column, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { sort: column, direction: 'desc' };
}
