import type * as Api from '@gs/shared/api-types'
import { defineRoute } from '#functions/lib/http.ts'
import { inboxRepository } from '#functions/compose.ts'

/** GET /api/admin/inbox/count → InboxCount: how many orders have a customer message waiting (one GetItem: the header's badge polls it). */
export const handler = defineRoute({}, async () => {
  const body: Api.InboxCount = { count: await (await inboxRepository()).count() }
  return { body }
})
