import { useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { notificationsQueryKey } from '@/lib/query-keys';

/** The bell and the list look for new notifications this often. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

/** GET /api/notifications: newest first, with the unread count. */
export function getNotifications(): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications');
}

/** Polls only while someone is signed in. */
export function useNotifications() {
  const { status } = useAuth();
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    enabled: status === 'signedIn',
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** The header bell's number: 0 while signed out, loading or failing. */
export function useUnreadNotificationCount(): number {
  return useNotifications().data?.unreadCount ?? 0;
}
