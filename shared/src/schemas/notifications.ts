import { cursorParam } from './paging.ts'
import * as z from './zod.ts'

/** A page of the notification list: the bell's first page and each "Load more". */
export const NOTIFICATIONS_PAGE_SIZE = 20
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50

export const notificationMessages = {
  limitRange: `limit must be between 1 and ${NOTIFICATIONS_MAX_PAGE_SIZE}`,
  invalidCursor: 'Invalid cursor',
} as const

const m = notificationMessages

/** GET /api/notifications?limit=&cursor= (the cursor is the previous page's, as the server gave it). */
export const listNotificationsQuerySchema = z.object({
  limit: z._default(
    z.coerce.number({ error: m.limitRange }).check(z.int(m.limitRange), z.gte(1, m.limitRange), z.lte(NOTIFICATIONS_MAX_PAGE_SIZE, m.limitRange)),
    NOTIFICATIONS_PAGE_SIZE,
  ),
  cursor: cursorParam,
})
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>
