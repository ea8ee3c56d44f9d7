import { activityQuerySchema } from '@gs/shared/schemas/activity'
import { defineRoute } from '#functions/lib/http.ts'
import { listOrderActivity } from '#functions/use-cases/list-activity.ts'
import { presentActivityPage } from '#functions/api/present-activity.ts'
import { auditRepository } from '#functions/compose.ts'

/** GET /api/admin/orders/{orderId}/activity?limit=&cursor=: the order's staff audit log, newest first (the editor's Activity). */
export const handler = defineRoute({ query: activityQuerySchema }, async ({ params, query }) => {
  const page = await listOrderActivity({ audit: await auditRepository(), orderId: params.orderId, limit: query.limit, cursor: query.cursor })
  return { body: presentActivityPage(page) }
})
