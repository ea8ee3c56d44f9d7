import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-provider';
import type { NotificationList } from '../types';

export const notificationsQueryKey = ['notifications'] as const;
/** The bell and the list look for new notifications this often. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

/** GET /api/notifications: newest first, with the unread count. */
export async function getNotifications(): Promise<NotificationList> {
  const { items, unreadCount } = await api.get<NotificationList>('/notifications');
  return { items, unreadCount };
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
