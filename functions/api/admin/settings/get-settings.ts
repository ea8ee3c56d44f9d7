import { defineRoute } from '#functions/lib/http.ts'
import { presentSettings } from './present.ts'
import { settingsRepository } from '#functions/compose.ts'

/** GET /api/admin/settings: the saved settings, with the placeholder defaults for anything never saved. */
export const handler = defineRoute({}, async () => ({ body: presentSettings(await (await settingsRepository()).getSettings()) }))
