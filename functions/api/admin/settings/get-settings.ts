import { createSettingsRepository } from '#functions/db/repositories/settings.ts'
import { defaultTable } from '#functions/db/table.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { presentSettings } from './present.ts'

/** GET /api/admin/settings: the saved settings, with the placeholder defaults for anything never saved. */
export const handler = defineRoute({}, async () => ({ body: presentSettings(await createSettingsRepository(defaultTable()).getSettings()) }))
