import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOrdersPage } from '@gs/shared/api-types';
import type { AdminOrdersFilters } from '@gs/shared/schemas/admin-order-list';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';

/** GET /api/admin/orders: one page from `cursor` (the first without) and where the next starts; the server sorts, filters and searches. */
export function listAdminOrders(filters: AdminOrdersFilters, cursor?: string): Promise<AdminOrdersPage> {
  return api.get<AdminOrdersPage>('/admin/orders', {
    query: {
      view: filters.view,
      status: filters.status || undefined,
      customerId: filters.customerId || undefined,
      sort: filters.sort,
      direction: filters.direction,
      search: filters.search || undefined,
      limit: filters.limit,
      cursor,
    },
  });
}

export function useAdminOrders(filters: AdminOrdersFilters, cursor?: string) {
  return useQuery({
    queryKey: adminOrderKeys.list(filters, cursor ?? null),
    queryFn: () => listAdminOrders(filters, cursor),
    placeholderData: keepPreviousData,
    // In the page's order, whatever answered (an index, or an exact search): the server's order already; kept stable here.
    select: (page) => {
      const key = filters.sort === 'updated' ? 'updatedAt' : 'createdAt';
      const dir = filters.direction === 'asc' ? 1 : -1;
      return { ...page, items: [...page.items].sort((a, b) => dir * a[key].localeCompare(b[key])) };
    },
  });
}
