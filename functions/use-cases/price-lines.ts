import { DEFAULT_TAX_RATE_PPM } from '@gs/shared/invoice'
import type { AddLineInput } from '@gs/shared/schemas/admin-orders'
import { SETTINGS_DEFAULTS } from '@gs/shared/settings'
import type { ServiceTypeRepository } from '../db/repositories/service-types.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { resolveLine, type LineSpec } from '../domain/extra-work.ts'

export interface LinePricing {
  settings: Pick<SettingsRepository, 'billingTerms'>
  types: Pick<ServiceTypeRepository, 'get'>
}

/** Without storage (unit tests, scripts): the default labor rate and an empty price list. */
const UNPRICED: LinePricing = {
  settings: { billingTerms: async () => ({ taxRatePpm: DEFAULT_TAX_RATE_PPM, minimumServiceFeeCents: 0, laborRateCents: SETTINGS_DEFAULTS.laborRateCents }) },
  types: { get: async () => null },
}

/**
 * Prices new lines of extra work before the order's write (domain/extra-work.ts resolveLine): the labor rate is read
 * only when a line is billed by the hour, each picked service type once (a GetItem each; a request has at most
 * MAX_LINES_PER_ORDER lines, one form sends one or a few).
 */
export async function priceLines(inputs: readonly AddLineInput[], pricing: LinePricing = UNPRICED): Promise<LineSpec[]> {
  if (inputs.length === 0) return []
  const { settings, types } = pricing
  const ids = [...new Set(inputs.map((i) => i.serviceTypeId).filter((id): id is string => !!id))]
  const [terms, found] = await Promise.all([
    inputs.some((i) => i.hoursHundredths !== undefined) ? settings.billingTerms() : null,
    Promise.all(ids.map((id) => types.get(id))),
  ])
  const byId = new Map(found.flatMap((t) => (t ? [[t.id, t] as const] : [])))
  return inputs.map((input) => resolveLine(input, { laborRateCents: terms?.laborRateCents ?? 0, type: input.serviceTypeId ? (byId.get(input.serviceTypeId) ?? null) : undefined }))
}
