import { addNoteSchema } from '@gs/shared/schemas/orders'
import { createStatusUpdateRepository } from '#functions/db/repositories/status-updates.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { addCustomerNote } from '#functions/use-cases/add-customer-note.ts'
import { presentUpdate } from '../present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/orders/{orderId}/notes { text } → 201 StatusUpdate with status customer_note. */
export const handler = defineRoute({ body: addNoteSchema }, async ({ caller, params, body }) => {
  const table = defaultTable()
  const update = await addCustomerNote({
    orders: orderRepository(table),
    statusUpdates: createStatusUpdateRepository(table),
    orderId: params.orderId,
    customer: caller,
    text: body.text,
  })
  return { statusCode: 201, body: presentUpdate(update) }
})
