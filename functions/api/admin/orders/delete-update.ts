import { createStatusUpdateRepository } from '#functions/db/repositories/status-updates.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { deleteStaffMessage } from '#functions/use-cases/delete-staff-message.ts'
import { orderRepository } from '#functions/compose.ts'

/** DELETE /api/admin/orders/{orderId}/updates/{updateId}: staff messages only (a customer note is a 403); 204. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const table = defaultTable()
  await deleteStaffMessage({ orders: orderRepository(table), statusUpdates: createStatusUpdateRepository(table), orderId: params.orderId, updateId: params.updateId, actor: actorOf(caller) })
  return { statusCode: 204 }
})
