import * as z from 'zod'
import { isValidPhone, messages } from '../validation.ts'

const trimmed = z.string().trim()

export const phoneField = z
  .string()
  .trim()
  .max(40, messages.phoneInvalid)
  .refine((v) => v === '' || isValidPhone(v), messages.phoneInvalid)

/** PATCH /api/me: only these fields; anything else is rejected. */
export const updateMeSchema = z.strictObject({
  firstName: trimmed.min(1, messages.firstNameRequired).max(100).optional(),
  lastName: trimmed.min(1, messages.lastNameRequired).max(100).optional(),
  phone: phoneField.optional(),
  enableSmsNotifications: z.boolean().optional(),
})
export type UpdateMeInput = z.infer<typeof updateMeSchema>

export const listCustomersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
})
