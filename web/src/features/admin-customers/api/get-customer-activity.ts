import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { activityPages } from '@/components/activity/activity-list';
import { customerKeys } from '@/lib/query-keys';

/** GET /api/admin/customers/{id}/activity?cursor=: a page of the customer's staff audit log (theirs and their orders'). */
export function getCustomerActivity(customerId: string, cursor?: string | null): Promise<ActivityPage> {
  return api.get<ActivityPage>(`/admin/customers/${encodeURIComponent(customerId)}/activity`, { query: { cursor } });
}

/** Under the customers' key: a change to the customers re-reads it. */
export const customerActivityKey = (customerId: string) => [...customerKeys.all, 'activity', customerId] as const;

/** The customer's activity: the first page, then one more per `fetchNextPage()` ("Load more"). */
export function useCustomerActivity(customerId: string) {
  return useInfiniteQuery({ queryKey: customerActivityKey(customerId), queryFn: ({ pageParam }) => getCustomerActivity(customerId, pageParam), ...activityPages });
}
