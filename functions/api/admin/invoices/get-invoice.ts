import { invoiceLookupQuerySchema } from '@gs/shared/schemas/admin-payments'
import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { loadInvoiceOrder } from '../../../use-cases/admin-invoices.ts'
import { presentInvoice } from '../../orders/present.ts'

/** GET /api/admin/invoices?orderId= : the order's invoice ("Look Up Invoice"). */
export const handler = defineRoute({ query: invoiceLookupQuerySchema }, async ({ query }) => {
  const order = await loadInvoiceOrder({ orders: createOrderRepository(defaultTable()), orderId: query.orderId })
  return { body: presentInvoice(order) }
})
