import { invoiceRefreshSchema } from '@gs/shared/schemas/admin-payments'
import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { refreshInvoice } from '../../../use-cases/admin-invoices.ts'
import { presentInvoice } from '../../orders/present.ts'

/** POST /api/admin/invoices/refresh { orderId } (an id or GS-number) → the recomputed, stored Invoice ("Standard Refresh"). */
export const handler = defineRoute({ body: invoiceRefreshSchema }, async ({ body }) => {
  const order = await refreshInvoice({ orders: createOrderRepository(defaultTable()), orderId: body.orderId })
  return { body: presentInvoice(order) }
})
