import { SETTINGS_DEFAULTS, type Settings } from '@gs/shared/schemas/settings'
import { settingsEntity } from '../entities/settings.ts'
import type { TableConfig } from '../table.ts'

export interface SettingsRepository {
  /** The saved settings, with the defaults for anything never saved. */
  getSettings(): Promise<Settings>
  /** Saves the given fields (others keep their saved values) and returns the whole settings. */
  saveSettings(changes: Partial<Settings>): Promise<Settings>
}

const SCOPE = 'shop'

function withDefaults(item: Partial<Settings> | null | undefined): Settings {
  const out: Record<string, unknown> = { ...SETTINGS_DEFAULTS }
  for (const key of Object.keys(SETTINGS_DEFAULTS)) {
    const v = (item as Record<string, unknown> | null | undefined)?.[key]
    if (v !== undefined && v !== null) out[key] = v
  }
  return out as Settings
}

export function createSettingsRepository({ table, client }: TableConfig): SettingsRepository {
  const settings = settingsEntity({ table, client })
  return {
    async getSettings() {
      const { data } = await settings.get({ scope: SCOPE }).go()
      return withDefaults(data)
    },
    async saveSettings(changes) {
      const fields = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && k in SETTINGS_DEFAULTS))
      // upsert: creates the item on the first save, otherwise sets only these fields.
      const { data } = await settings.upsert({ scope: SCOPE, ...fields }).go({ response: 'all_new' })
      return withDefaults(data as Partial<Settings>)
    },
  }
}
