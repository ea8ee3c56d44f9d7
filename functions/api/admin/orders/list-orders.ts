import { adminOrdersQuerySchema } from '@gs/shared/schemas/admin-order-list'
import type { AdminListOrder, AdminOrdersPage } from '@gs/shared/api-types'
import { additionalCostFields, adminInvoiceStatus } from '@gs/shared/invoice'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminOrders } from '#functions/use-cases/list-admin-orders.ts'
import type { Order } from '#functions/domain/order.ts'
import { presentInvoice } from '#functions/api/present.ts'
import { orderLists, orderRepository, profileRepository, workLists } from '#functions/compose.ts'
import { listWork } from '#functions/use-cases/work-lists.ts'
import { isOverdue, workToday } from '@gs/shared/work-dates'

/**
 * GET /api/admin/orders?view=active|archived|deleted&status=&customerId=&sort=created|updated&direction=desc|asc&search=&limit=&cursor=
 * → one page (default 25, newest first) with each order's invoice balance and status (and, deleted ones, `deletedAt`), and the next cursor.
 * `view=overdue` and `assignedTo=` (a bench; a gunsmith's list is always their own) page by promised date instead.
 */
export const handler = defineRoute({ query: adminOrdersQuerySchema }, async ({ query, caller }) => {
  const today = workToday()
  // A gunsmith's list is their bench; staff of the counter read anyone's bench, or the overdue list (work-lists.ts).
  const benchOf = caller.staffRole === 'gunsmith' ? caller.userId : query.assignedTo
  const page =
    benchOf || query.view === 'overdue'
      ? { ...(await listWork({ lists: await workLists(), benchOf, today, limit: query.limit, cursor: query.cursor })), match: null }
      : // Reads only: the orders repository's write hooks (cancel checkouts at the provider) are not needed here.
        await listAdminOrders({ lists: await orderLists(), orders: await orderRepository(), profiles: await profileRepository(), query })
  const body: AdminOrdersPage = {
    items: page.items.map((o) => {
      const row = presentAdminListOrder(o, today)
      if (o.isDeleted) row.deletedAt = o.deletedAt ?? null
      return row
    }),
    cursor: page.cursor,
    match: page.match,
  }
  return { body }
})

/**
 * A row of a staff order list: what the row shows, with the derived invoice fields; the editor reads
 * the whole order. Here, not in present.ts: only this route needs it (present.ts is in every admin cold start).
 */
function presentAdminListOrder(o: Order, today: string): AdminListOrder {
  const invoice = presentInvoice(o)
  const extra = additionalCostFields({ lines: o.lines, requests: o.approvalRequests })
  return {
    id: o.orderId,
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    firearmMake: o.firearmMake,
    firearmModel: o.firearmModel,
    serialNumber: o.serialNumber,
    serviceType: o.serviceType,
    estimatedCostCents: o.estimatedCostCents,
    additionalCostCents: extra.additionalCostCents,
    additionalCostApprovalStatus: extra.additionalCostApprovalStatus,
    currentStatus: o.currentStatus,
    isArchived: o.isArchived,
    archivedAt: o.archivedAt ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    version: o.version,
    invoice,
    invoiceBalanceDueCents: invoice.balanceDueCents,
    invoicePaymentStatus: adminInvoiceStatus(invoice),
    promisedDate: o.promisedDate ?? null,
    assignedTo: o.assignedTo ?? null,
    assignedToName: o.assignedToName ?? null,
    inboxSince: o.inboxSince ?? null,
    overdue: isOverdue(o, today),
  }
}
