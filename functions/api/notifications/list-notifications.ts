import { createNotificationRepository } from '#functions/db/repositories/notifications.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { listNotifications } from '#functions/use-cases/customer-notifications.ts'
import { presentNotification } from '../present.ts'

/** GET /api/notifications: the caller's notifications, newest first, with the unread count. */
export const handler = defineRoute({}, async ({ caller }) => {
  const { items, unreadCount } = await listNotifications({ notifications: createNotificationRepository(defaultTable()), userId: caller.userId })
  return { body: { items: items.map(presentNotification), unreadCount, cursor: null } }
})
