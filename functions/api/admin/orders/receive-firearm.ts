import { receiveFirearmSchema } from '@gs/shared/schemas/book-receive'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { receiveFirearm } from '#functions/use-cases/receive-firearm.ts'
import { presentOrder } from '#functions/api/present.ts'
import { bookLines, orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/receive → 200 Order: the intake and the A&D acquisition entry, in one transaction (409 stale version, 400 already received). */
export const handler = defineRoute({ body: receiveFirearmSchema }, async ({ caller, params, body }) => {
  const order = await receiveFirearm({ orders: await orderRepository(), book: await bookLines(), orderId: params.orderId, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
