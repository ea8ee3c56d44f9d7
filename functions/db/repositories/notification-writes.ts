import type { Notification } from '#functions/domain/order.ts'
import type { GunsmithService } from '../service.ts'

/** The entities as a transaction hands them out (ElectroDB's transaction.write callback). */
export type TxEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]

/**
 * The transaction items that store notifications with their users' unread counts: each put, and
 * one count update per user with unread ones among them (a transaction may touch an item only
 * once). Every notification write goes through here: NotificationRepository.add and
 * OrderRepository.commit. A file of its own so that the order write paths, the heaviest routes
 * of the API functions, do not carry the rest of
 * the notification repository.
 */
export function notificationWrites({ notification, unreadNotifications }: Pick<TxEntities, 'notification' | 'unreadNotifications'>, list: readonly Notification[]): unknown[] {
  const unreadByUser = new Map<string, number>()
  for (const n of list) if (!n.read) unreadByUser.set(n.userId, (unreadByUser.get(n.userId) ?? 0) + 1)
  return [
    ...list.map((n) => notification.put(n).commit()),
    ...[...unreadByUser].map(([userId, count]) => unreadNotifications.update({ userId }).add({ count }).commit()),
  ]
}
