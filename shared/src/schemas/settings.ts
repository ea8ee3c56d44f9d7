import * as z from 'zod'

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

const text = (max: number) => z.string().trim().max(max)
const cents = (message: string) => z.number({ error: message }).int(message).min(0, message).max(100_000_000, message)

/** PUT /api/admin/settings: every field optional; the fields sent are saved, the others keep their saved values. */
export const settingsSchema = z.strictObject({
  businessName: text(200).optional(),
  phone: text(40).optional(),
  email: text(254).optional(),
  defaultTaxRate: z.number({ error: settingsMessages.taxRateInvalid }).min(0, settingsMessages.taxRateInvalid).max(100, settingsMessages.taxRateInvalid).optional(),
  smtpServer: text(253).optional(),
  smtpPort: z.number({ error: settingsMessages.smtpPortInvalid }).int(settingsMessages.smtpPortInvalid).min(1, settingsMessages.smtpPortInvalid).max(65535, settingsMessages.smtpPortInvalid).optional(),
  fromEmail: text(254).optional(),
  laborRateCents: cents(settingsMessages.laborRateInvalid).optional(),
  minimumServiceFeeCents: cents(settingsMessages.minimumFeeInvalid).optional(),
})
export type SettingsInput = z.infer<typeof settingsSchema>
export type Settings = { -readonly [K in keyof typeof SETTINGS_DEFAULTS]: (typeof SETTINGS_DEFAULTS)[K] extends string ? string : number }
