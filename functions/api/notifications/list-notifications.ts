import type * as Api from '@gs/shared/api-types'
import { listNotificationsQuerySchema } from '@gs/shared/schemas/notifications'
import { defineRoute } from '#functions/lib/http.ts'
import { listNotifications } from '#functions/use-cases/customer-notifications.ts'
import { presentNotification } from './present.ts'
import { notificationRepository } from '#functions/compose.ts'

/** GET /api/notifications?limit=&cursor=: a page of the caller's notifications, newest first, with the unread count. */
export const handler = defineRoute({ query: listNotificationsQuerySchema }, async ({ caller, query }) => {
  const page = await listNotifications({ notifications: await notificationRepository(), userId: caller.userId, limit: query.limit, cursor: query.cursor })
  const body: Api.NotificationList = { items: page.items.map(presentNotification), cursor: page.cursor, unreadCount: page.unreadCount }
  return { body }
})
