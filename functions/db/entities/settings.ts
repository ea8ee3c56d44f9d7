import { cachedEntity } from './cache.ts'

/** The shop's system settings: one item, under a constant key. */
export const settingsSchema = {
  model: { entity: 'settings', version: '1', service: 'gunsmith' },
  attributes: {
    scope: { type: 'string', required: true, default: 'shop' },
    businessName: { type: 'string' },
    phone: { type: 'string' },
    email: { type: 'string' },
    /** Never applied to any invoice (the page pre-filled 8.25 while invoices used 7.75 %): ignored, see taxRatePpm. */
    defaultTaxRate: { type: 'number' },
    /** The rate new orders bill parts at, in ppm; absent: 77,500 (7.75 %). */
    taxRatePpm: { type: 'number' },
    /** The shop's postal address (lines joined by \n). */
    address: { type: 'string' },
    /** The shop's FFL number (shared/src/book.ts FFL_NUMBER). */
    fflNumber: { type: 'string' },
    /** The old Email Settings tab's SMTP server, port and sender, never used to send anything: no longer read or written. */
    smtpServer: { type: 'string' },
    smtpPort: { type: 'number' },
    fromEmail: { type: 'string' },
    laborRateCents: { type: 'number' },
    minimumServiceFeeCents: { type: 'number' },
    /** Email the shop about each customer message (absent: on). */
    emailShopAboutMessages: { type: 'boolean' },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString(), default: () => new Date().toISOString() },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const settingsEntity = cachedEntity(settingsSchema)
