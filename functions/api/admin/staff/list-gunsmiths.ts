import type { GunsmithList } from '@gs/shared/staff-accounts'
import { STAFF_PAGE_SIZE } from '@gs/shared/schemas/staff'
import { defineRoute } from '#functions/lib/http.ts'
import { staffRepository } from '#functions/compose.ts'

/**
 * GET /api/admin/staff/gunsmiths (counter): the active gunsmiths an order can be assigned to, by name: one filtered
 * Query page of the staff (a shop has far fewer than a page).
 */
export const handler = defineRoute({}, async () => {
  const gunsmiths = await (await staffRepository()).activeGunsmiths(STAFF_PAGE_SIZE)
  const items = gunsmiths
    .map((g) => ({ id: g.id, name: `${g.firstName} ${g.lastName}`.trim() || g.email }))
    .sort((a, b) => a.name.localeCompare(b.name))
  const body: GunsmithList = { items }
  return { body }
})
