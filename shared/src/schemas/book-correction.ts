import { bookMessages as m } from '../book.ts'
import { checkParty, description, fflField, optionalText, party, text, version } from './book-fields.ts'
import { addressSchema } from './address.ts'
import { calendarDate } from './dates.ts'
import * as z from './zod.ts'

/** The columns a correction may change, by the entry it corrects. */
export const CORRECTABLE = {
  acquisition: ['receivedOn', 'from', 'fromName', 'fromLicense', 'fromAddress', 'firearmType', 'firearmMake', 'firearmImporter', 'firearmModel', 'serialNumber', 'firearmCaliber'],
  disposition: ['releasedOn', 'to', 'toName', 'toLicense', 'toAddress'],
} as const

/**
 * POST /api/admin/book/{orderId}/corrections: a new entry that corrects the acquisition or the disposition
 * (the original is never changed). `fields` holds the corrected values of what changes; `version` is the order's.
 */
export const bookCorrectionSchema = z.strictObject({
  version,
  entry: z.enum(['acquisition', 'disposition'], { error: 'entry must be acquisition or disposition' }),
  reason: text(m.reasonRequired, 500),
  fields: z.strictObject({
    receivedOn: z.optional(calendarDate),
    from: z.optional(party),
    fromName: z.optional(text(m.licenseeNameRequired)),
    fromLicense: z.optional(z.nullable(fflField)),
    fromAddress: z.optional(z.nullable(addressSchema)),
    firearmType: z.optional(description.firearmType),
    firearmMake: z.optional(description.firearmMake),
    firearmImporter: description.firearmImporter,
    firearmModel: z.optional(description.firearmModel),
    serialNumber: z.optional(description.serialNumber),
    firearmCaliber: z.optional(description.firearmCaliber),
    releasedOn: z.optional(calendarDate),
    to: z.optional(party),
    toName: z.optional(text(m.recipientNameRequired)),
    toLicense: z.optional(z.nullable(fflField)),
    toAddress: z.optional(z.nullable(addressSchema)),
  }),
})
export type BookCorrectionInput = z.infer<typeof bookCorrectionSchema>

