import { ADMIN_TEXT_MAX_LENGTH } from '../admin-messages.ts'
import { bookMessages as m } from '../book.ts'
import { checkParty, description, fflField, optionalText, party, text, version } from './book-fields.ts'
import { FORM_4473_REF, ID_LAST4, RECIPIENT_ID_TYPES, releaseCheckMessages as rc } from '../release-checks.ts'
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
    /** How the recipient was identified at pickup: the ID's type, who issued it (state or country) and its last 4 characters. */
    idType: z.optional(z.nullable(z.enum(RECIPIENT_ID_TYPES, { error: rc.idTypeRequired }))),
    idIssuer: optionalText(60),
    idLast4: z.optional(z.nullable(z.string({ error: rc.idLast4Invalid }).check(z.trim(), z.toUpperCase(), z.regex(ID_LAST4, rc.idLast4Invalid)))),
    /** The recipient is the person who delivered the firearm (the customer on the order); false needs a licensee's FFL or a Form 4473. */
    recipientIsDeliverer: z.optional(z.nullable(z.boolean({ error: rc.delivererRequired }))),
    form4473Ref: z.optional(z.nullable(z.string({ error: rc.form4473Invalid }).check(z.trim(), z.toUpperCase(), z.regex(FORM_4473_REF, rc.form4473Invalid)))),
    /** A shipment: whether the carrier was told to require an adult signature. */
    adultSignature: z.optional(z.nullable(z.boolean())),
  })
  .check(
    z.superRefine((v, ctx) => {
      checkParty('to', v, ctx)
      if (v.method === 'ship' && !v.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: m.carrierRequired })
      if (v.method === 'ship' && !v.trackingNumber) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: m.trackingRequired })
      checkRecipient(v, ctx)
    }),
  )
/**
 * Who takes the firearm: at a pickup, how they were identified (ID type, issuer, last 4); whether they are the person
 * who delivered it (asked at a pickup to a person; a licensee is not). A recipient other than the deliverer needs the
 * receiving licensee's FFL number or a Form 4473 reference, and their name.
 */
function checkRecipient(
  v: { method: string; to: string; toName?: string | null; toLicense?: string | null; idType?: string | null; idIssuer?: string | null; idLast4?: string | null; recipientIsDeliverer?: boolean | null; form4473Ref?: string | null },
  ctx: { addIssue: (i: { code: 'custom'; path: string[]; message: string }) => void },
) {
  if (v.method === 'pickup') {
    if (!v.idType) ctx.addIssue({ code: 'custom', path: ['idType'], message: rc.idTypeRequired })
    if (!v.idIssuer) ctx.addIssue({ code: 'custom', path: ['idIssuer'], message: rc.idIssuerRequired })
    if (!v.idLast4) ctx.addIssue({ code: 'custom', path: ['idLast4'], message: rc.idLast4Invalid })
    if (v.to === 'customer' && (v.recipientIsDeliverer === undefined || v.recipientIsDeliverer === null)) ctx.addIssue({ code: 'custom', path: ['recipientIsDeliverer'], message: rc.delivererRequired })
  }
  if (v.to === 'customer' && v.recipientIsDeliverer === false) {
    if (!v.toLicense && !v.form4473Ref) ctx.addIssue({ code: 'custom', path: ['form4473Ref'], message: rc.transferRequired })
    if (!v.toName) ctx.addIssue({ code: 'custom', path: ['toName'], message: m.recipientNameRequired })
  }
}

export type ReleaseFirearmInput = z.infer<typeof releaseFirearmSchema>

