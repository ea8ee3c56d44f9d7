import type { Notification } from '#functions/domain/order.ts'
import { isConditionalFailure } from '../conditions.ts'
import { notificationEntity } from '../entities/notification.ts'
import type { TableConfig } from '../table.ts'

export interface NotificationRepository {
  /** The user's notifications, newest first: one Query. */
  listForUser(userId: string, limit?: number): Promise<Notification[]>
  /** Marks the user's notification read; null when the user has no such notification. */
  markRead(userId: string, notificationId: string): Promise<Notification | null>
  add(n: Notification): Promise<Notification>
}

export function createNotificationRepository({ table, client }: TableConfig): NotificationRepository {
  const notifications = notificationEntity({ table, client })
  return {
    async listForUser(userId, limit = 100) {
      const { data } = await notifications.query.byUser({ userId }).go({ order: 'desc', limit })
      return data.map((n) => ({ ...n, read: n.read ?? false }))
    },
    async markRead(userId, notificationId) {
      try {
        const { data } = await notifications
          .patch({ userId, notificationId })
          .set({ read: true })
          .go({ response: 'all_new' })
        return { ...(data as Notification), read: true }
      } catch (err) {
        if (isConditionalFailure(err)) return null
        throw err
      }
    },
    async add(n) {
      await notifications.put(n).go()
      return n
    },
  }
}
