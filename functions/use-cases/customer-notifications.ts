import { orderMessages } from '@gs/shared/order-messages'
import type { NotificationRepository } from '../db/repositories/notifications.ts'
import type { Notification } from '../domain/order.ts'
import { NotFoundError } from '../lib/errors.ts'

/** The caller's notifications, newest first, with the unread count for the header badge (one Query). */
export async function listNotifications({ notifications, userId }: { notifications: Pick<NotificationRepository, 'listForUser'>; userId: string }): Promise<{ items: Notification[]; unreadCount: number }> {
  const items = await notifications.listForUser(userId)
  return { items, unreadCount: items.filter((n) => !n.read).length }
}

/** Marks one of the caller's notifications read; another user's or an unknown id is a 404. */
export async function markNotificationRead({ notifications, userId, notificationId }: { notifications: Pick<NotificationRepository, 'markRead'>; userId: string; notificationId: string }): Promise<Notification> {
  const n = await notifications.markRead(userId, notificationId)
  if (!n) throw new NotFoundError(orderMessages.notificationNotFound)
  return n
}
