import { taxRatePercentToPpm } from '../invoice.ts'
import { settingsMessages } from '../settings.ts'
import * as z from './zod.ts'
import { bookMessages, FFL_NUMBER } from '../book.ts'

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max))
const cents = (message: string) => z.number({ error: message }).check(z.int(message), z.gte(0, message), z.lte(100_000_000, message))

/** PUT /api/admin/settings: every field optional; the fields sent are saved, the others keep their saved values. */
export const settingsSchema = z.strictObject({
  businessName: z.optional(text(200)),
  phone: z.optional(text(40)),
  email: z.optional(text(254)),
  defaultTaxRate: z.optional(
    z.number({ error: settingsMessages.taxRateInvalid }).check(z.refine((v) => taxRatePercentToPpm(v) !== null, settingsMessages.taxRateInvalid)),
  ),
  address: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(600, settingsMessages.addressTooLong),
      z.refine((v) => v.split('\n').length <= 6 && v.split('\n').every((line) => line.trim().length <= 100), settingsMessages.addressTooLong),
    ),
  ),
  /** Blank clears it. */
  fflNumber: z.optional(z.union([z.literal(''), z.string().check(z.trim(), z.toUpperCase(), z.regex(FFL_NUMBER, bookMessages.fflInvalid))])),
  laborRateCents: z.optional(cents(settingsMessages.laborRateInvalid)),
  minimumServiceFeeCents: z.optional(cents(settingsMessages.minimumFeeInvalid)),
  emailShopAboutMessages: z.optional(z.boolean()),
})
export type SettingsInput = z.infer<typeof settingsSchema>
