import { boxReceivedSchema } from '@gs/shared/schemas/awaiting-intake'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { recordBoxReceived } from '#functions/use-cases/box-received.ts'
import { presentOrder } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/box-received { receivedAt? } → 200 Order (boxReceivedAt, intakeDueAt). */
export const handler = defineRoute({ body: boxReceivedSchema }, async ({ caller, params, body }) => {
  const order = await recordBoxReceived({ orders: await orderRepository(), orderId: params.orderId, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { body: presentOrder(order) }
})
