import type * as Api from '@gs/shared/api-types'
import { invoiceLookupQuerySchema } from '@gs/shared/schemas/admin-payments'
import { defineRoute } from '#functions/lib/http.ts'
import { loadInvoiceOrder } from '#functions/use-cases/admin-invoices.ts'
import { presentInvoice } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** GET /api/admin/invoices?orderId= (an id or GS-number): the invoice as stored and as computed now ("Look Up Invoice"). */
export const handler = defineRoute({ query: invoiceLookupQuerySchema }, async ({ query }) => {
  const order = await loadInvoiceOrder({ orders: await orderRepository(), orderId: query.orderId })
  const invoice = presentInvoice(order)
  const stored = order.storedInvoice ?? { totalCents: invoice.totalCents, balanceDueCents: invoice.balanceDueCents, paymentStatus: invoice.paymentStatus, amountPaidCents: invoice.amountPaidCents }
  const body: Api.InvoiceCheck = { orderId: order.orderId, orderNumber: order.orderNumber, version: order.version, stored, invoice }
  return { body }
})
