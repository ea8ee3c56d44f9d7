import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderNotification, Page } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';

/** GET /api/admin/orders/{orderId}/notifications?cursor=: a page of the customer's notifications about the order, with their delivery. */
export function getOrderNotifications(orderId: string, cursor?: string | null): Promise<Page<OrderNotification>> {
  return api.get<Page<OrderNotification>>(`/admin/orders/${encodeURIComponent(orderId)}/notifications`, { query: { cursor } });
}

/**
 * The customer notifications about the order, newest first: the first page, then one more per
 * `fetchNextPage()` ("Load more"). Under the order's detail key, so refreshing the order refreshes them.
 */
export function useOrderNotifications(orderId: string, { refetchInterval }: { refetchInterval?: number } = {}) {
  return useInfiniteQuery({
    queryKey: adminOrderKeys.notifications(orderId),
    queryFn: ({ pageParam }) => getOrderNotifications(orderId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    refetchInterval,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}
