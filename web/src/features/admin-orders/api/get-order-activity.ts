import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { activityPages } from '@/components/activity/activity-list';
import { adminOrderKeys } from '@/lib/query-keys';

/** GET /api/admin/orders/{orderId}/activity?cursor=: a page of the order's staff audit log, newest first. */
export function getOrderActivity(orderId: string, cursor?: string | null): Promise<ActivityPage> {
  return api.get<ActivityPage>(`/admin/orders/${encodeURIComponent(orderId)}/activity`, { query: { cursor } });
}

/** Under the order's detail key: a change re-reads the detail, and with it the activity. */
export const orderActivityKey = (orderId: string) => [...adminOrderKeys.detail(orderId), 'activity'] as const;

/** The order's activity: the first page, then one more per `fetchNextPage()` ("Load more"). */
export function useOrderActivity(orderId: string) {
  return useInfiniteQuery({ queryKey: orderActivityKey(orderId), queryFn: ({ pageParam }) => getOrderActivity(orderId, pageParam), ...activityPages });
}
