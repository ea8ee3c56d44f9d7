import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { notificationListQueryKey } from '@/lib/query-keys';

/** The bell and the list look for new notifications this often. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

/** GET /api/notifications: a page, newest first (the server's default size), with the unread count. */
export function getNotifications({ cursor }: { cursor?: string | null } = {}): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications', { query: { cursor } });
}

/** What the list and the bell show: the pages loaded so far, in order, and the count. */
export interface LoadedNotifications {
  items: Notification[];
  unreadCount: number;
}

export type NotificationPages = InfiniteData<NotificationList, string | null>;

/** The first page carries the newest count; the server never sends one below 0, and neither does this. */
export function loadedNotifications(data: NotificationPages): LoadedNotifications {
  return {
    items: data.pages.flatMap((page) => page.items),
    unreadCount: Math.max(0, data.pages[0]?.unreadCount ?? 0),
  };
}

/** The first page, then one more per `fetchNextPage()` ("Load more"); polls only while someone is signed in. */
export function useNotifications() {
  const { status } = useAuth();
  return useInfiniteQuery({
    queryKey: notificationListQueryKey,
    queryFn: ({ pageParam }) => getNotifications({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    select: loadedNotifications,
    enabled: status === 'signedIn',
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** The header bell's number: 0 while signed out, loading or failing. */
export function useUnreadNotificationCount(): number {
  return useNotifications().data?.unreadCount ?? 0;
}
