import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CustomersPage } from '@gs/shared/api-types';
import { CUSTOMERS_PAGE_SIZE, type CustomerView } from '@gs/shared/schemas/customers';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

/**
 * GET /api/admin/customers?view=&search=&limit=&cursor=: one page of customers (no admins, no archived), newest
 * first; with view=archived the archived ones instead, the latest archived first. The server searches (an email
 * or a phone number exactly, else name, email or phone digits) and reads a bounded page: a search page may hold
 * fewer than `limit` and still have a cursor.
 */
export function listCustomers({
  search = '',
  limit = CUSTOMERS_PAGE_SIZE,
  cursor,
  view,
}: { search?: string; limit?: number; cursor?: string | null; view?: CustomerView } = {}): Promise<CustomersPage> {
  return api.get<CustomersPage>('/admin/customers', { query: { view: view === 'archived' ? view : undefined, search: search.trim() || undefined, limit, cursor: cursor ?? undefined } });
}

/**
 * The customer management panel (or Archived Customers, `view` archived): the first page for `search`, then one more
 * per `fetchNextPage()` ("Load more").
 */
export function useCustomerPages(search: string, view: CustomerView = 'active') {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: view === 'archived' ? customerKeys.archived(term) : customerKeys.pages(term),
    queryFn: ({ pageParam }) => listCustomers({ view, search: term, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    select: (data) => data.pages.flatMap((page) => page.items),
    placeholderData: keepPreviousData,
  });
}


/** One page of matches for `search` (the customer picker: `limit` of them, the newest first). */
export function useCustomerMatches(search: string, { limit, enabled = true }: { limit: number; enabled?: boolean }) {
  const term = search.trim();
  return useQuery({
    queryKey: customerKeys.matches(term, limit),
    queryFn: () => listCustomers({ search: term, limit }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
