import { updateAdminOrderSchema } from '@gs/shared/schemas/admin-orders'
import { defineRoute } from '#functions/lib/http.ts'
import { ForbiddenError } from '#functions/lib/errors.ts'
import { GUNSMITH_ORDER_FIELDS, staffMessages } from '@gs/shared/staff'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { updateAdminOrder } from '#functions/use-cases/update-admin-order.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** PATCH /api/admin/orders/{orderId}: the edit form against `version`; a stale version is a 409. */
export const handler = defineRoute({ body: updateAdminOrderSchema }, async ({ caller, params, body }) => {
  // A gunsmith works the bench: the status and its note, and when the work will be done; the rest of the order
  // (the firearm's identity, the money, the return) is the counter's.
  if (caller.staffRole === 'gunsmith') {
    const others = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined && !(GUNSMITH_ORDER_FIELDS as readonly string[]).includes(k))
    if (others.length) throw new ForbiddenError(staffMessages.gunsmithFields)
  }
  const order = await updateAdminOrder({ orders: await orderRepository(), orderId: params.orderId, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
