import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { notificationsQueryKey } from '@/lib/query-keys';

/** POST /api/notifications/{id}/read → the notification, now read. */
export function markNotificationRead(notificationId: string): Promise<Notification> {
  return api.post<Notification>(`/notifications/${encodeURIComponent(notificationId)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // The dot and the bell's count change at once; a failure puts them back.
    onMutate: async (notificationId) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
      if (previous) {
        const target = previous.items.find((n) => n.id === notificationId);
        queryClient.setQueryData<NotificationList>(notificationsQueryKey, {
          ...previous,
          items: previous.items.map((n) => (n.id === notificationId ? { ...n, read: true } : n)),
          unreadCount: target && !target.read ? Math.max(0, previous.unreadCount - 1) : previous.unreadCount,
        });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
