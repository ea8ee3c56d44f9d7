import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderNotification, Page } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';

/** GET /api/admin/orders/{orderId}/notifications?cursor=: a page of the customer's notifications about the order, with their delivery. */
export function getOrderNotifications(orderId: string, cursor?: string | null): Promise<Page<OrderNotification>> {
  return api.get<Page<OrderNotification>>(`/admin/orders/${encodeURIComponent(orderId)}/notifications`, { query: { cursor } });
}

/** How often the list is read again while a delivery is under way (the notifier works in seconds). */
export const IN_FLIGHT_REFRESH_MS = 3_000;
/** A notification older than this that is still not sent is not waited for: it is read at the usual pace. */
const IN_FLIGHT_WINDOW_MS = 10 * 60_000;

/** Whether a recent notification has a channel not settled yet (not started, sending, or failed and retrying). */
export function deliveryInFlight(n: OrderNotification, now = Date.now()): boolean {
  if (now - Date.parse(n.createdAt) > IN_FLIGHT_WINDOW_MS) return false;
  return [n.delivery.email, n.delivery.sms].some((d) => !d || d.status === 'sending' || d.status === 'failed');
}

/**
 * The customer notifications about the order, newest first: the first page, then one more per
 * `fetchNextPage()` ("Load more"). Under the order's detail key, so refreshing the order refreshes them.
 * Read every `refetchInterval`, and every few seconds while a recent delivery is under way, so staff see
 * "Sent" (or why not) moments after the change rather than the state it had when they posted it.
 */
export function useOrderNotifications(orderId: string, { refetchInterval }: { refetchInterval?: number } = {}) {
  return useInfiniteQuery({
    queryKey: adminOrderKeys.notifications(orderId),
    queryFn: ({ pageParam }) => getOrderNotifications(orderId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((n) => deliveryInFlight(n))) ? IN_FLIGHT_REFRESH_MS : (refetchInterval ?? false),
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}
