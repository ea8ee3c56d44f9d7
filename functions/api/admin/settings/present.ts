import type { SettingsView } from '@gs/shared/api-types'
import type { Settings } from '@gs/shared/settings'
import { env } from '#functions/lib/env.ts'

/** The settings as the page shows them, with the address notification emails go out from (EMAIL_FROM: the deployment decides it). */
export const presentSettings = (settings: Settings): SettingsView => ({ ...settings, emailSender: env().emailFrom ?? null })
