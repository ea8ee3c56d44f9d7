import { cursorParam, limitParam, limitRange } from './paging.ts'
import * as z from './zod.ts'

/** A page of an order's customer notifications on the admin order page (with their delivery). */
export const ORDER_NOTIFICATIONS_PAGE_SIZE = 20

export const orderNotificationsMessages = { limitRange: limitRange(ORDER_NOTIFICATIONS_PAGE_SIZE) } as const

/** GET /api/admin/orders/{orderId}/notifications?limit=&cursor= */
export const orderNotificationsQuerySchema = z.object({
  limit: limitParam(ORDER_NOTIFICATIONS_PAGE_SIZE, ORDER_NOTIFICATIONS_PAGE_SIZE),
  cursor: cursorParam,
})
export type OrderNotificationsQuery = z.infer<typeof orderNotificationsQuerySchema>
