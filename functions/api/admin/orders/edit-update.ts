import { editStatusUpdateSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { editStaffMessage } from '#functions/use-cases/edit-staff-message.ts'
import { presentUpdate } from '#functions/api/present.ts'
import { orderRepository, statusUpdateRepository } from '#functions/compose.ts'

/** PATCH /api/admin/orders/{orderId}/updates/{updateId} { notes }: staff messages only (a customer note is a 403). */
export const handler = defineRoute({ body: editStatusUpdateSchema }, async ({ caller, params, body }) => {
  const update = await editStaffMessage({
    orders: await orderRepository(),
    statusUpdates: await statusUpdateRepository(),
    orderId: params.orderId,
    updateId: params.updateId,
    notes: body.notes,
    actor: actorOf(caller),
  })
  return { body: presentUpdate(update) }
})
