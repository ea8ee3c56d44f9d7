import { releaseFirearmSchema } from '@gs/shared/schemas/book-release'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { releaseFirearm } from '#functions/use-cases/release-firearm.ts'
import { presentOrder } from '#functions/api/present.ts'
import { bookLines, orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/release → 200 Order: shipped or picked up, with the A&D disposition entry, in one transaction. */
export const handler = defineRoute({ body: releaseFirearmSchema }, async ({ caller, params, body }) => {
  const order = await releaseFirearm({ orders: await orderRepository(), book: await bookLines(), orderId: params.orderId, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
