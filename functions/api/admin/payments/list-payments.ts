import { adminPaymentsQuerySchema } from '@gs/shared/schemas/admin-payments'
import { createLedgerRepository } from '#functions/db/repositories/ledger.ts'
import { createLedgerPages } from '#functions/db/repositories/ledger-pages.ts'
import { createOrderRepository } from '#functions/db/repositories/orders.ts'
import { createProfileRepository } from '#functions/db/repositories/profiles.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminPayments } from '#functions/use-cases/list-admin-payments.ts'
import { presentAdminPaymentsPage } from '#functions/api/payments/present.ts'

/** GET /api/admin/payments?search=&status=&sort=date|customer|amount&direction=asc|desc&cursor= → a page of 15, the next cursor, the total when known, the stats. */
export const handler = defineRoute({ query: adminPaymentsQuerySchema }, async ({ query }) => {
  const table = defaultTable()
  // Reads only: the orders repository's write hooks (cancel checkouts at the provider) are not needed here.
  const page = await listAdminPayments({ ledger: { ...createLedgerPages(table), listForCustomer: createLedgerRepository(table).listForCustomer }, orders: createOrderRepository(table), profiles: createProfileRepository(table), query })
  return { body: presentAdminPaymentsPage(page) }
})
