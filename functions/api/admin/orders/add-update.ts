import { addStatusUpdateSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { addStaffUpdate } from '#functions/use-cases/add-staff-update.ts'
import { presentUpdate } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/updates { status, notes?, notifyCustomer?, internal? } → 201 StatusUpdate; sets the order's status. */
export const handler = defineRoute({ body: addStatusUpdateSchema }, async ({ caller, params, body }) => {
  const update = await addStaffUpdate({
    orders: await orderRepository(),
    orderId: params.orderId,
    status: body.status,
    notes: body.notes,
    releaseOverrideReason: body.releaseOverrideReason,
    notifyCustomer: body.notifyCustomer,
    internal: body.internal,
    adminId: caller.userId, actor: actorOf(caller) })
  return { statusCode: 201, body: presentUpdate(update) }
})
