import { createSettingsRepository } from '../../../db/repositories/settings.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'

/** GET /api/admin/settings: the saved settings, with the placeholder defaults for anything never saved. */
export const handler = defineRoute({}, async () => ({ body: await createSettingsRepository(defaultTable()).getSettings() }))
