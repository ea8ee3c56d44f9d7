import { createNotificationRepository } from '#functions/db/repositories/notifications.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { markNotificationRead } from '#functions/use-cases/customer-notifications.ts'
import { presentNotification } from './present.ts'

/** POST /api/notifications/{id}/read: the caller's own notification only; anything else is a 404. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const n = await markNotificationRead({ notifications: createNotificationRepository(defaultTable()), userId: caller.userId, notificationId: params.id })
  return { body: presentNotification(n) }
})
