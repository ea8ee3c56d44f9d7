import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page, StatusUpdate } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';

/** The status history refreshes itself this often. */
export const STATUS_HISTORY_REFRESH_MS = 30_000;

/** GET /api/orders/{orderId}/updates?cursor=: a page of the status history and notes, newest first (the server's page size). */
export function getOrderUpdates(orderId: string, cursor?: string | null): Promise<Page<StatusUpdate>> {
  return api.get<Page<StatusUpdate>>(`/orders/${encodeURIComponent(orderId)}/updates`, { query: { cursor } });
}

/**
 * The newest page, then one older page per `fetchNextPage()` ("Load older"). The 30-second refresh and an
 * invalidation re-read every page loaded, from the newest, so new entries appear on top and the older ones a
 * customer opened stay open (each page follows from the fresh one before it: nothing doubled or skipped).
 */
export function useOrderUpdates(orderId: string) {
  return useInfiniteQuery({
    queryKey: orderKeys.updates(orderId),
    queryFn: ({ pageParam }) => getOrderUpdates(orderId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    select: (data) => data.pages.flatMap((page) => page.items),
    refetchInterval: STATUS_HISTORY_REFRESH_MS,
  });
}

/** At most this many older pages are read for the timeline (an order's history is far shorter). */
export const OLDER_HISTORY_MAX_PAGES = 20;

/**
 * Every update older than the detail's newest ones (from the detail's `updatesCursor`), for the
 * timeline to tell which steps the order passed. Read only when `enabled`.
 */
export function useOlderOrderHistory(orderId: string, cursor: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.olderUpdates(orderId, cursor ?? ''),
    enabled: enabled && !!cursor,
    queryFn: async () => {
      const items: StatusUpdate[] = [];
      let next = cursor ?? null;
      for (let pages = 0; next && pages < OLDER_HISTORY_MAX_PAGES; pages += 1) {
        const page = await getOrderUpdates(orderId, next);
        items.push(...page.items);
        next = page.cursor;
      }
      return { items, complete: next === null };
    },
  });
}
