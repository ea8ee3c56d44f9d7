import { cursorParam, limitParam, limitRange } from './paging.ts'
import * as z from './zod.ts'

/** A page of the notification list: the bell's first page and each "Load more". */
export const NOTIFICATIONS_PAGE_SIZE = 20
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50

export const notificationMessages = {
  limitRange: limitRange(NOTIFICATIONS_MAX_PAGE_SIZE),
  invalidCursor: 'Invalid cursor',
} as const

const m = notificationMessages

/** GET /api/notifications?limit=&cursor= (the cursor is the previous page's, as the server gave it). */
export const listNotificationsQuerySchema = z.object({
  limit: limitParam(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>
