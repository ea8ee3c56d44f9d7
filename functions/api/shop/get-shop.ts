import type { ShopIdentity } from '@gs/shared/api-types'
import { shopIdentity } from '@gs/shared/shop'
import { defineRoute } from '#functions/lib/http.ts'
import { settingsRepository } from '#functions/compose.ts'

/**
 * GET /api/shop (public): the shop's name, phone, email and address as every page shows them, with the
 * defaults before Settings → General is saved. What the settings item holds besides these (rates,
 * billing) never leaves here. One GetItem.
 */
export const handler = defineRoute({}, async () => {
  const { businessName, phone, email, address, fflNumber } = await (await settingsRepository()).getSettings()
  const body: ShopIdentity = shopIdentity({ businessName, phone, email, address, fflNumber })
  return { body }
})
