import { settingsSchema } from '@gs/shared/schemas/settings'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { settingsAudit } from '#functions/domain/audit-changes.ts'
import { presentSettings } from './present.ts'
import { settingsRepository } from '#functions/compose.ts'

/** PUT /api/admin/settings: saves the fields sent (one tab's worth is fine) and returns all settings as saved. */
export const handler = defineRoute({ body: settingsSchema }, async ({ caller, body }) => ({
  body: presentSettings(await (await settingsRepository()).saveSettings(body, (before, after) => settingsAudit(actorOf(caller), before, after))),
}))
