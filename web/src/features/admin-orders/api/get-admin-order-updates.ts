import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';
import type { AdminOrderDetail, StatusUpdate } from '../types';

/** GET /api/admin/orders/{orderId}/updates?cursor=: a page of any order's status history, newest first. */
export function getAdminOrderUpdates(orderId: string, cursor?: string | null): Promise<Page<StatusUpdate>> {
  return api.get<Page<StatusUpdate>>(`/admin/orders/${encodeURIComponent(orderId)}/updates`, { query: { cursor } });
}

/** The history as the order's detail carries it: its newest page. */
const firstPage = (order: AdminOrderDetail): InfiniteData<Page<StatusUpdate>, string | null> => ({
  pages: [{ items: order.updates, cursor: order.updatesCursor ?? null }],
  pageParams: [null],
});

/**
 * The order's status history: the newest page the detail brought, then one older page per `fetchNextPage()`
 * ("Load older"). Its key is under the detail's, so whatever refreshes the order (a save, a ledger entry)
 * re-reads every page loaded, from the newest; the 30-second refresh does the same. Older pages stay open.
 */
export function useAdminOrderUpdates(order: AdminOrderDetail | undefined, { refetchInterval }: { refetchInterval?: number } = {}) {
  const orderId = order?.id ?? '';
  return useInfiniteQuery({
    queryKey: adminOrderKeys.updates(orderId),
    queryFn: ({ pageParam }) => getAdminOrderUpdates(orderId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    // Nothing to page until the order is there (the panel shows its spinner meanwhile).
    enabled: !!order,
    initialData: order ? () => firstPage(order) : undefined,
    // The detail was read just now: its page stands for the first one until the next refresh.
    staleTime: refetchInterval,
    refetchInterval,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}
