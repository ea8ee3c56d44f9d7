import { activityQuerySchema } from '@gs/shared/schemas/activity'
import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerActivity } from '#functions/use-cases/list-activity.ts'
import { presentActivityPage } from '#functions/api/present-activity.ts'
import { auditRepository } from '#functions/compose.ts'

/** GET /api/admin/customers/{id}/activity?limit=&cursor=: the customer's staff audit log (theirs and their orders'), newest first. */
export const handler = defineRoute({ query: activityQuerySchema }, async ({ params, query }) => {
  const page = await listCustomerActivity({ audit: await auditRepository(), customerId: params.id, limit: query.limit, cursor: query.cursor })
  return { body: presentActivityPage(page) }
})
