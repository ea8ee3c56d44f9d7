import { invoiceRefreshSchema } from '@gs/shared/schemas/admin-payments'
import { defineRoute } from '#functions/lib/http.ts'
import { refreshInvoice } from '#functions/use-cases/admin-invoices.ts'
import { presentInvoice } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/invoices/refresh { orderId } (an id or GS-number) → the recomputed, stored Invoice ("Standard Refresh"). */
export const handler = defineRoute({ body: invoiceRefreshSchema }, async ({ body }) => {
  const order = await refreshInvoice({ orders: await orderRepository(), orderId: body.orderId })
  return { body: presentInvoice(order) }
})
