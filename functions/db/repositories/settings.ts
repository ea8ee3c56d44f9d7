import { DEFAULT_TAX_RATE_PPM, taxRatePercentToPpm, taxRatePpmToPercent } from '@gs/shared/invoice'
import { SETTINGS_DEFAULTS, type Settings } from '@gs/shared/settings'
import { settingsEntity } from '../entities/settings.ts'
import type { TableConfig } from '../table.ts'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { writeAudited } from './audited-write.ts'

export interface SettingsRepository {
  /** The saved settings, with the defaults for anything never saved. */
  getSettings(): Promise<Settings>
  /** Saves the given fields (others keep their saved values) and returns the whole settings. */
  saveSettings(changes: Partial<Settings>, audit?: (before: Settings, after: Settings) => AuditEvent): Promise<Settings>
  /** The rate a new order bills parts at (ppm). */
  taxRatePpm(): Promise<number>
  /** What a new order keeps and a new labor line bills at: the tax rate (ppm), the minimum service fee and the labor rate (cents). */
  billingTerms(): Promise<{ taxRatePpm: number; minimumServiceFeeCents: number; laborRateCents: number }>
}

const SCOPE = 'shop'

type Stored = Partial<Omit<Settings, 'defaultTaxRate'>> & { taxRatePpm?: number }

function withDefaults(item: Stored | null | undefined): Settings {
  const out: Record<string, unknown> = { ...SETTINGS_DEFAULTS }
  for (const key of Object.keys(SETTINGS_DEFAULTS)) {
    // The old defaultTaxRate attribute was never applied to an invoice: the rate is taxRatePpm.
    if (key === 'defaultTaxRate') continue
    const v = (item as Record<string, unknown> | null | undefined)?.[key]
    if (v !== undefined && v !== null) out[key] = v
  }
  out.defaultTaxRate = taxRatePpmToPercent(item?.taxRatePpm ?? DEFAULT_TAX_RATE_PPM)
  return out as Settings
}

export function createSettingsRepository({ table, client }: TableConfig): SettingsRepository {
  const settings = settingsEntity({ table, client })
  return {
    async getSettings() {
      const { data } = await settings.get({ scope: SCOPE }).go()
      return withDefaults(data as Stored | null)
    },
    async saveSettings({ defaultTaxRate, ...changes }, audit) {
      const fields: Record<string, unknown> = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && k in SETTINGS_DEFAULTS))
      const ppm = defaultTaxRate === undefined ? null : taxRatePercentToPpm(defaultTaxRate)
      if (ppm !== null) fields.taxRatePpm = ppm
      // upsert: creates the item on the first save, otherwise sets only these fields.
      const op = settings.upsert({ scope: SCOPE, ...fields })
      if (audit) {
        // With the staff audit record (the settings before → after), in one transaction.
        const { data: stored } = await settings.get({ scope: SCOPE }).go({ consistent: true })
        const [before, after] = [withDefaults(stored as Stored | null), withDefaults({ ...(stored as Stored | null), ...fields } as Stored)]
        await writeAudited({ table, client }, op, 'Update', [audit(before, after)])
        return after
      }
      const { data } = await op.go({ response: 'all_new' })
      return withDefaults(data as Stored)
    },
    async taxRatePpm() {
      const { data } = await settings.get({ scope: SCOPE }).go({ attributes: ['taxRatePpm'] })
      return data?.taxRatePpm ?? DEFAULT_TAX_RATE_PPM
    },
    async billingTerms() {
      const { data } = await settings.get({ scope: SCOPE }).go({ attributes: ['taxRatePpm', 'minimumServiceFeeCents', 'laborRateCents'] })
      return {
        taxRatePpm: data?.taxRatePpm ?? DEFAULT_TAX_RATE_PPM,
        minimumServiceFeeCents: data?.minimumServiceFeeCents ?? SETTINGS_DEFAULTS.minimumServiceFeeCents,
        laborRateCents: data?.laborRateCents ?? SETTINGS_DEFAULTS.laborRateCents,
      }
    },
  }
}
