import { isValidPhone, messages } from '../validation.ts'
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
  enableSmsNotifications: z.optional(z.boolean()),
  emailOptionalNotifications: z.optional(z.boolean()),
})
export type UpdateMeInput = z.infer<typeof updateMeSchema>

