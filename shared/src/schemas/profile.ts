import { isValidPhone, messages } from '../validation.ts'
import { optionalAddress } from './address.ts'
import * as z from './zod.ts'

const trimmed = z.string().check(z.trim())

export const phoneField = z
  .string()
  .check(z.trim(), z.maxLength(40, messages.phoneInvalid), z.refine((v) => v === '' || isValidPhone(v), messages.phoneInvalid))

/** PATCH /api/me: only these fields; anything else is rejected. */
export const updateMeSchema = z.strictObject({
  firstName: z.optional(trimmed.check(z.minLength(1, messages.firstNameRequired), z.maxLength(100))),
  lastName: z.optional(trimmed.check(z.minLength(1, messages.lastNameRequired), z.maxLength(100))),
  phone: z.optional(phoneField),
  /** The mailing address: an address sets it, null clears it, absent leaves it alone. */
  address: optionalAddress,
  enableSmsNotifications: z.optional(z.boolean()),
  emailOptionalNotifications: z.optional(z.boolean()),
})
export type UpdateMeInput = z.infer<typeof updateMeSchema>
/** A PATCH /api/me body as a form sends it, before the schema trims and checks it (a state is any string until then). */
export type UpdateMeBody = z.input<typeof updateMeSchema>

