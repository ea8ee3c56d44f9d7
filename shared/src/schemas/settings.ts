import * as z from './zod.ts'

/** The settings page's placeholder defaults (admin-side §2); text fields start empty. */
export const SETTINGS_DEFAULTS = {
  businessName: '',
  phone: '',
  email: '',
  defaultTaxRate: 8.25,
  smtpServer: '',
  smtpPort: 587,
  fromEmail: '',
  laborRateCents: 7500,
  minimumServiceFeeCents: 2500,
} as const

export const settingsMessages = {
  taxRateInvalid: 'Please enter a tax rate between 0 and 100',
  smtpPortInvalid: 'Please enter a port between 1 and 65535',
  laborRateInvalid: 'Please enter a valid labor rate',
  minimumFeeInvalid: 'Please enter a valid minimum service fee',
} as const

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max))
const cents = (message: string) => z.number({ error: message }).check(z.int(message), z.gte(0, message), z.lte(100_000_000, message))

/** PUT /api/admin/settings: every field optional; the fields sent are saved, the others keep their saved values. */
export const settingsSchema = z.strictObject({
  businessName: z.optional(text(200)),
  phone: z.optional(text(40)),
  email: z.optional(text(254)),
  defaultTaxRate: z.optional(
    z.number({ error: settingsMessages.taxRateInvalid }).check(z.gte(0, settingsMessages.taxRateInvalid), z.lte(100, settingsMessages.taxRateInvalid)),
  ),
  smtpServer: z.optional(text(253)),
  smtpPort: z.optional(
    z
      .number({ error: settingsMessages.smtpPortInvalid })
      .check(z.int(settingsMessages.smtpPortInvalid), z.gte(1, settingsMessages.smtpPortInvalid), z.lte(65535, settingsMessages.smtpPortInvalid)),
  ),
  fromEmail: z.optional(text(254)),
  laborRateCents: z.optional(cents(settingsMessages.laborRateInvalid)),
  minimumServiceFeeCents: z.optional(cents(settingsMessages.minimumFeeInvalid)),
})
export type SettingsInput = z.infer<typeof settingsSchema>
export type Settings = { -readonly [K in keyof typeof SETTINGS_DEFAULTS]: (typeof SETTINGS_DEFAULTS)[K] extends string ? string : number }
