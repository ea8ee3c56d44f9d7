import { invoiceFixSchema } from '@gs/shared/schemas/admin-payments'
import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { fixInvoice } from '../../../use-cases/admin-invoices.ts'
import { presentInvoice } from '../../orders/present.ts'

/** POST /api/admin/invoices/{invoiceId}/fix { orderId } → Invoice with total = service + parts + tax, balance = max(0, total - paid). */
export const handler = defineRoute({ body: invoiceFixSchema }, async ({ params, body }) => {
  const order = await fixInvoice({ orders: createOrderRepository(defaultTable()), orderId: body.orderId, invoiceId: params.invoiceId })
  return { body: presentInvoice(order) }
})
