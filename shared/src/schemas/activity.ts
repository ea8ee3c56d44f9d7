import { ACTIVITY_CURSOR, ACTIVITY_MAX_PAGE, ACTIVITY_PAGE_SIZE } from '../activity.ts'
import { INVALID_CURSOR, limitParam } from './paging.ts'
import * as z from './zod.ts'

/**
 * GET /api/admin/orders/{orderId}/activity and GET /api/admin/customers/{id}/activity?limit=&cursor=:
 * `limit` 1–50 (20 when absent), `cursor` the previous page's, exactly as given (a record id).
 */
export const activityQuerySchema = z.object({
  limit: limitParam(ACTIVITY_PAGE_SIZE, ACTIVITY_MAX_PAGE),
  cursor: z.optional(z.string({ error: INVALID_CURSOR }).check(z.regex(ACTIVITY_CURSOR, INVALID_CURSOR))),
})
export type ActivityQuery = z.infer<typeof activityQuerySchema>
