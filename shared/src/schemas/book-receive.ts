import { ADMIN_TEXT_MAX_LENGTH, ITEMS_RECEIVED_MAX_LENGTH } from '../admin-messages.ts'
import { receivedOnRefusal } from '../book.ts'
import { checkParty, description, fflField, optionalText, party, text, version } from './book-fields.ts'
import { addressSchema } from './address.ts'
import { calendarDate } from './dates.ts'
import * as z from './zod.ts'

/** POST /api/admin/orders/{orderId}/receive: the intake, with the acquisition entry of the A&D book. */
export const receiveFirearmSchema = z
  .strictObject({
    version,
    receivedOn: calendarDate,
    from: party,
    /** A licensee's name (from the customer: the order's customer name). */
    fromName: optionalText(200),
    fromLicense: z.optional(z.nullable(fflField)),
    fromAddress: z.optional(z.nullable(addressSchema)),
    ...description,
    conditionNotes: optionalText(ADMIN_TEXT_MAX_LENGTH),
    itemsReceived: optionalText(ITEMS_RECEIVED_MAX_LENGTH),
    inboundTrackingNumber: optionalText(100),
    /** When the work is promised (YYYY-MM-DD); null clears it, absent leaves it. */
    promisedDate: z.optional(z.nullable(calendarDate)),
  })
  .check(z.superRefine((v, ctx) => checkParty('from', v, ctx)))
export type ReceiveFirearmInput = z.infer<typeof receiveFirearmSchema>


/**
 * receiveFirearmSchema for one order (the Receive Firearm form): the date received is not before the order was
 * created (receivedOnRefusal; the route reads the order after parsing, and its use case applies the same rule).
 */
export const receiveFirearmSchemaFor = (order: { createdAt: string }) =>
  receiveFirearmSchema.check(
    z.superRefine((v, ctx) => {
      const refusal = receivedOnRefusal(v.receivedOn, order.createdAt)
      if (refusal) ctx.addIssue({ code: 'custom', path: ['receivedOn'], message: refusal })
    }),
  )
