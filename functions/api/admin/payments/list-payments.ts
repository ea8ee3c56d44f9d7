import { adminPaymentsQuerySchema } from '@gs/shared/schemas/admin-payments'
import { createLedgerRepository } from '#functions/db/repositories/ledger.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminPayments } from '#functions/use-cases/list-admin-payments.ts'
import { presentAdminPaymentsPage } from '#functions/api/payments/present.ts'

/** GET /api/admin/payments?search=&status=&sort=date|customer|amount&direction=asc|desc&page= → page of 15, total, stats. */
export const handler = defineRoute({ query: adminPaymentsQuerySchema }, async ({ query }) => {
  const page = await listAdminPayments({ payments: createLedgerRepository(defaultTable()), query })
  return { body: presentAdminPaymentsPage(page) }
})
