import { adminPaymentsQuerySchema } from '@gs/shared/schemas/admin-payments'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminPayments } from '#functions/use-cases/list-admin-payments.ts'
import { presentAdminPaymentsPage } from '#functions/api/payments/present.ts'
import { ledgerPages, ledgerRepository, orderRepository, profileRepository } from '#functions/compose.ts'

/** GET /api/admin/payments?search=&status=&sort=date|customer|amount&direction=asc|desc&cursor= → a page of 15, the next cursor, the total when known, the stats. */
export const handler = defineRoute({ query: adminPaymentsQuerySchema }, async ({ query }) => {
  // Reads only: the orders repository's write hooks (cancel checkouts at the provider) are not needed here.
  const page = await listAdminPayments({ ledger: { ...await ledgerPages(), listForCustomer: (await ledgerRepository()).listForCustomer }, orders: await orderRepository(), profiles: await profileRepository(), query })
  return { body: presentAdminPaymentsPage(page) }
})
