import { ADMIN_TEXT_MAX_LENGTH } from '../admin-messages.ts'
import { bookMessages as m } from '../book.ts'
import { checkParty, description, fflField, optionalText, party, text, version } from './book-fields.ts'
import { addressSchema } from './address.ts'
import { calendarDate } from './dates.ts'
import * as z from './zod.ts'

/** POST /api/admin/orders/{orderId}/release: the firearm leaves (shipped or picked up), with the disposition entry. */
export const releaseFirearmSchema = z
  .strictObject({
    version,
    releasedOn: calendarDate,
    method: z.enum(['ship', 'pickup'], { error: 'Choose how it leaves: shipped or picked up' }),
    to: party,
    /** Shipped to someone other than the customer, or a licensee: the recipient's name (the customer's otherwise). */
    toName: optionalText(200),
    toLicense: z.optional(z.nullable(fflField)),
    toAddress: z.optional(z.nullable(addressSchema)),
    carrier: optionalText(60),
    trackingNumber: optionalText(100),
    releaseOverrideReason: optionalText(ADMIN_TEXT_MAX_LENGTH),
    statusNote: optionalText(ADMIN_TEXT_MAX_LENGTH),
  })
  .check(
    z.superRefine((v, ctx) => {
      checkParty('to', v, ctx)
      if (v.method === 'ship' && !v.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: m.carrierRequired })
      if (v.method === 'ship' && !v.trackingNumber) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: m.trackingRequired })
    }),
  )
export type ReleaseFirearmInput = z.infer<typeof releaseFirearmSchema>

