/** The shop's settings as the page and the server know them (no zod here: the settings page loads it only with the form's schema). */
import { DEFAULT_TAX_RATE_PPM, taxRatePpmToPercent } from './invoice.ts'

/**
 * The settings before anything is saved; text fields start empty. The tax rate starts at the rate
 * the shop bills (7.75 %), not the old placeholder 8.25, which was never applied.
 */
export const SETTINGS_DEFAULTS = {
  businessName: '',
  phone: '',
  email: '',
  /** The postal address, one line per line (shop.ts). */
  address: '',
  /** The shop's Federal Firearms License number (the A&D book and the work order print it); '' until saved. */
  fflNumber: '',
  defaultTaxRate: taxRatePpmToPercent(DEFAULT_TAX_RATE_PPM),
  /** Labor lines bill hours at this rate (each line keeps the rate it was added with). */
  laborRateCents: 7500,
  /** Off (0) until the owner sets one: new orders then keep it (the order's minimumServiceFeeCents) and bill up to it. */
  minimumServiceFeeCents: 0,
  /** Each customer message is emailed to the shop's email (above) as well as put on the staff inbox. */
  emailShopAboutMessages: true,
} as const

export const settingsMessages = {
  taxRateInvalid: 'Please enter a tax rate between 0 and 100, with at most three decimals',
  addressTooLong: 'Please keep the address to 6 lines of at most 100 characters',
  laborRateInvalid: 'Please enter a valid labor rate',
  minimumFeeInvalid: 'Please enter a valid minimum service fee',
} as const

export type Settings = {
  -readonly [K in keyof typeof SETTINGS_DEFAULTS]: (typeof SETTINGS_DEFAULTS)[K] extends string ? string : (typeof SETTINGS_DEFAULTS)[K] extends boolean ? boolean : number
}

/**
 * GET /api/admin/settings: the settings and, read-only, the address notification emails are sent from
 * (the deployment's EMAIL_FROM, an SES verified identity in AWS; null where nothing sends mail).
 */
export type SettingsView = Settings & { emailSender: string | null }

/** What the settings page says under the tax rate. */
export const TAX_RATE_HINT = 'New orders bill parts at this rate. Each order keeps the rate it was created with, so changing it never changes an existing invoice.'
