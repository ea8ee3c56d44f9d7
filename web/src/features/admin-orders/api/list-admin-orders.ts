import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';
import type { AdminListOrder, OrderView } from '../types';

export function listAdminOrders({ view, limit }: { view: OrderView; limit: number }): Promise<Page<AdminListOrder>> {
  return api.get<Page<AdminListOrder>>('/admin/orders', { query: { view, limit } });
}

/** Newest first (the server's order); `limit` is 5 on the dashboard, up to 100 elsewhere. */
export function useAdminOrders({ view, limit = 100 }: { view: OrderView; limit?: number }) {
  return useQuery({
    queryKey: adminOrderKeys.list(view, limit),
    queryFn: () => listAdminOrders({ view, limit }),
    placeholderData: keepPreviousData,
    // Newest first by creation date, whatever index the server read.
    select: (page) => ({ ...page, items: [...page.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) }),
  });
}
