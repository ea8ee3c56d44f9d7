import { listCustomersQuerySchema } from '@gs/shared/schemas/profile'
import { createProfileRepository } from '#functions/db/repositories/profiles.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerRows } from '#functions/use-cases/list-customer-rows.ts'
import { presentCustomerRow } from './present.ts'

/** GET /api/admin/customers?search= : customers (no admins, no archived) with `latestOrder` and `orderCount`. */
export const handler = defineRoute({ query: listCustomersQuerySchema }, async ({ query }) => {
  const rows = await listCustomerRows({ profiles: createProfileRepository(defaultTable()), search: query.search })
  return { body: { items: rows.map(presentCustomerRow), cursor: null } }
})
