import type * as Api from '@gs/shared/api-types'
import { adminCustomersQuerySchema } from '@gs/shared/schemas/customers'
import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerRows } from '#functions/use-cases/list-customer-rows.ts'
import { presentCustomerRow } from './present.ts'
import { customerLists, profileRepository } from '#functions/compose.ts'

/**
 * GET /api/admin/customers?view=active|archived&search=&limit=&cursor= : a page of customers (no admins; archived ones only with
 * view=archived, the latest archived first, with `archivedAt`), newest first, with `latestOrder` and `orderCount`.
 */
export const handler = defineRoute({ query: adminCustomersQuerySchema }, async ({ query }) => {
  const page = await listCustomerRows({ profiles: await profileRepository(), lists: await customerLists(), query })
  const body: Api.CustomersPage = { items: page.items.map(presentCustomerRow), cursor: page.cursor }
  return { body }
})
