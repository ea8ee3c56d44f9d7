import { defineRoute } from '#functions/lib/http.ts'
import { markNotificationRead } from '#functions/use-cases/customer-notifications.ts'
import { presentNotification } from './present.ts'
import { notificationRepository } from '#functions/compose.ts'

/** POST /api/notifications/{id}/read: the caller's own notification only; anything else is a 404. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const n = await markNotificationRead({ notifications: await notificationRepository(), userId: caller.userId, notificationId: params.id })
  return { body: presentNotification(n) }
})
