import { orderMessages } from '@gs/shared/order-messages'
import { notificationMessages } from '@gs/shared/schemas/notifications'
import { isCursorError } from '../db/cursor.ts'
import type { NotificationRepository } from '../db/repositories/notifications.ts'
import type { Notification } from '../domain/order.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'

interface ListNotifications {
  notifications: Pick<NotificationRepository, 'listPage'>
  userId: string
  limit: number
  cursor?: string
}

/** A page of the caller's notifications, newest first, with the true unread count for the header badge. */
export async function listNotifications({ notifications, userId, limit, cursor }: ListNotifications): Promise<{ items: Notification[]; cursor: string | null; unreadCount: number }> {
  try {
    const page = await notifications.listPage(userId, { limit, cursor: cursor || null })
    // The stored count can dip below 0 for notifications older than the count (until the backfill runs).
    return { ...page, unreadCount: Math.max(0, page.unreadCount) }
  } catch (err) {
    // A cursor that is not one of the caller's pages (tampered with, or someone else's) is bad input, not a server error.
    if (cursor && isCursorError(err)) throw new ValidationError(notificationMessages.invalidCursor, { cursor: notificationMessages.invalidCursor })
    throw err
  }
}

/** Marks one of the caller's notifications read (again is a no-op); another user's or an unknown id is a 404. */
export async function markNotificationRead({ notifications, userId, notificationId }: { notifications: Pick<NotificationRepository, 'markRead'>; userId: string; notificationId: string }): Promise<Notification> {
  const n = await notifications.markRead(userId, notificationId)
  if (!n) throw new NotFoundError(orderMessages.notificationNotFound)
  return n
}
