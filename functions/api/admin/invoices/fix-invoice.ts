import type * as Api from '@gs/shared/api-types'
import { invoiceFixSchema } from '@gs/shared/schemas/admin-payments'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { fixInvoice } from '#functions/use-cases/admin-invoices.ts'
import { presentInvoice } from '#functions/api/present.ts'
import { orderRepository } from '#functions/compose.ts'

/** POST /api/admin/invoices/{invoiceId}/fix { orderId, preview: true } | { orderId, version } → InvoiceFix (before → after). */
export const handler = defineRoute({ body: invoiceFixSchema }, async ({ caller, params, body }) => {
  const r = await fixInvoice({ orders: await orderRepository(), orderId: body.orderId, invoiceId: params.invoiceId, preview: body.preview, version: body.version, adminId: caller.userId, actor: actorOf(caller) })
  const result: Api.InvoiceFix = { orderId: r.after.orderId, orderNumber: r.after.orderNumber, version: r.after.version, before: presentInvoice(r.before), after: presentInvoice(r.after), applied: r.applied }
  return { body: result }
})
