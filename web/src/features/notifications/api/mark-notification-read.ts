import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { notificationListQueryKey, notificationsQueryKey } from '@/lib/query-keys';
import type { NotificationPages } from './get-notifications';

/** POST /api/notifications/{id}/read → the notification, now read. */
export function markNotificationRead(notificationId: string): Promise<Notification> {
  return api.post<Notification>(`/notifications/${encodeURIComponent(notificationId)}/read`);
}

/** The loaded pages with one notification read: its dot goes, and the count drops if it was unread. */
export function withNotificationRead(data: NotificationPages, notificationId: string): NotificationPages {
  const wasUnread = data.pages.some((page) => page.items.some((n) => n.id === notificationId && !n.read));
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((n) => (n.id === notificationId ? { ...n, read: true } : n)),
      unreadCount: wasUnread ? Math.max(0, page.unreadCount - 1) : page.unreadCount,
    })),
  };
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // The dot and the bell's count change at once; a failure puts them back.
    onMutate: async (notificationId) => {
      await queryClient.cancelQueries({ queryKey: notificationListQueryKey });
      const previous = queryClient.getQueryData<NotificationPages>(notificationListQueryKey);
      if (previous) queryClient.setQueryData<NotificationPages>(notificationListQueryKey, withNotificationRead(previous, notificationId));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationListQueryKey, context.previous);
    },
    // The server's count is the true one (other tabs, new notifications): read the loaded pages again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
