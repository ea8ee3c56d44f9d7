import type * as Api from '@gs/shared/api-types'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { markInboxHandled } from '#functions/use-cases/inbox.ts'
import { inboxRepository, orderRepository } from '#functions/compose.ts'

/** POST /api/admin/inbox/{orderId}/handled → InboxHandled: takes the order off the Inbox without a reply (idempotent). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const [inbox, orders] = await Promise.all([inboxRepository(), orderRepository()])
  const body: Api.InboxHandled = await markInboxHandled({ inbox, orders, orderId: params.orderId, actor: actorOf(caller) })
  return { body }
})
