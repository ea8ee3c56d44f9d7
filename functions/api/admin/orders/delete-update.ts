import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { deleteStaffMessage } from '#functions/use-cases/delete-staff-message.ts'
import { orderRepository, statusUpdateRepository } from '#functions/compose.ts'

/** DELETE /api/admin/orders/{orderId}/updates/{updateId}: staff messages only (a customer note is a 403); 204. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  await deleteStaffMessage({ orders: await orderRepository(), statusUpdates: await statusUpdateRepository(), orderId: params.orderId, updateId: params.updateId, actor: actorOf(caller) })
  return { statusCode: 204 }
})
