import { editStatusUpdateSchema } from '@gs/shared/schemas/admin-orders'
import { createStatusUpdateRepository } from '../../../db/repositories/status-updates.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { editStaffMessage } from '../../../use-cases/edit-staff-message.ts'
import { presentUpdate } from '../../orders/present.ts'
import { orderRepository } from '../../../compose.ts'

/** PATCH /api/admin/orders/{orderId}/updates/{updateId} { notes }: staff messages only (a customer note is a 403). */
export const handler = defineRoute({ body: editStatusUpdateSchema }, async ({ params, body }) => {
  const table = defaultTable()
  const update = await editStaffMessage({
    orders: orderRepository(table),
    statusUpdates: createStatusUpdateRepository(table),
    orderId: params.orderId,
    updateId: params.updateId,
    notes: body.notes,
  })
  return { body: presentUpdate(update) }
})
