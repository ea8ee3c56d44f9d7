import type { StaffList } from '@gs/shared/staff-accounts'
import { staffListQuerySchema } from '@gs/shared/schemas/staff'
import { defineRoute } from '#functions/lib/http.ts'
import { countActiveOwners, listStaff, sortStaff } from '#functions/use-cases/staff-accounts.ts'
import { staffRepository } from '#functions/compose.ts'
import { presentStaff } from './present.ts'

/**
 * GET /api/admin/staff?limit=&cursor= (owner): the staff accounts, one Query page of the role index's `admin`
 * partition (a shop's staff fit in one), owners first, then by name; `activeOwners` counts the page's.
 */
export const handler = defineRoute({ query: staffListQuerySchema }, async ({ query }) => {
  const page = await listStaff({ staff: await staffRepository(), limit: query.limit, cursor: query.cursor })
  const body: StaffList = { items: sortStaff(page.items).map(presentStaff), activeOwners: countActiveOwners(page.items), cursor: page.cursor }
  return { body }
})
