import * as z from 'zod'
import { messages, PASSWORD_MIN_LENGTH } from '../validation.ts'
import { phoneField, updateMeSchema } from './profile.ts'

/** Admin-side §5 only asks that the email contains @ (with something either side, no spaces). */
const EMAIL_WITH_AT = /^[^\s@]+@[^\s@]+$/

/** POST /api/admin/customers, with the admin-side §5 messages. */
export const createCustomerSchema = z.strictObject({
  email: z
    .string({ error: messages.adminEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, messages.adminEmailInvalid)
    .regex(EMAIL_WITH_AT, messages.adminEmailInvalid),
  password: z
    .string({ error: messages.adminPasswordRequired })
    .min(1, messages.adminPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    .max(256),
  firstName: z.string({ error: messages.firstNameRequired }).trim().min(1, messages.firstNameRequired).max(100),
  lastName: z.string({ error: messages.lastNameRequired }).trim().min(1, messages.lastNameRequired).max(100),
  phone: phoneField.optional(),
  enableSmsNotifications: z.boolean().optional(),
})
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>

/** PATCH /api/admin/customers/{id}: names, phone and the SMS flag; email and password are not changed here. */
export const updateCustomerSchema = updateMeSchema
export type UpdateCustomerInput = z.infer<typeof updateCustomerSchema>
