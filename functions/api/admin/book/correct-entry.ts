import { bookCorrectionSchema } from '@gs/shared/schemas/book-correction'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { correctBookEntry } from '#functions/use-cases/correct-book-entry.ts'
import { presentOrder } from '#functions/api/present.ts'
import { bookLines, orderRepository } from '#functions/compose.ts'

/** POST /api/admin/book/{orderId}/corrections → 201 Order: a correction entry (the original stays as it was). */
export const handler = defineRoute({ body: bookCorrectionSchema }, async ({ caller, params, body }) => {
  const order = await correctBookEntry({ orders: await orderRepository(), book: await bookLines(), orderId: params.orderId, input: body, actor: actorOf(caller) })
  return { statusCode: 201, body: presentOrder(order) }
})
