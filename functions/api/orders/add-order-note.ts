import { addNoteSchema } from '@gs/shared/schemas/orders'
import { defineRoute } from '#functions/lib/http.ts'
import { addCustomerNote } from '#functions/use-cases/add-customer-note.ts'
import { presentUpdate } from '../present.ts'
import { orderHistoryRepository, orderRepository } from '#functions/compose.ts'

/** POST /api/orders/{orderId}/notes { text } → 201 StatusUpdate with status customer_note; 429 when a note limit is reached. */
export const handler = defineRoute({ body: addNoteSchema }, async ({ caller, params, body }) => {
  const update = await addCustomerNote({ orders: await orderRepository(), history: await orderHistoryRepository(), orderId: params.orderId, customer: caller, text: body.text })
  return { statusCode: 201, body: presentUpdate(update) }
})
