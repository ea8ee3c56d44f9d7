import { messages, PASSWORD_MIN_LENGTH } from '../validation.ts'
import { optionalAddress } from './address.ts'
import { phoneField, updateMeSchema } from './profile.ts'
import { cursorParam, limitParam, searchParam } from './paging.ts'
import * as z from './zod.ts'

/** A staff-created customer's email needs only an @ (with something either side, no spaces). */
const EMAIL_WITH_AT = /^[^\s@]+@[^\s@]+$/

/** POST /api/admin/customers, with the staff form's messages. */
export const createCustomerSchema = z.strictObject({
  email: z
    .string({ error: messages.adminEmailInvalid })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, messages.adminEmailInvalid), z.regex(EMAIL_WITH_AT, messages.adminEmailInvalid)),
  password: z
    .string({ error: messages.adminPasswordRequired })
    .check(z.minLength(1, messages.adminPasswordRequired), z.minLength(PASSWORD_MIN_LENGTH, messages.passwordTooShort), z.maxLength(256)),
  firstName: z.string({ error: messages.firstNameRequired }).check(z.trim(), z.minLength(1, messages.firstNameRequired), z.maxLength(100)),
  lastName: z.string({ error: messages.lastNameRequired }).check(z.trim(), z.minLength(1, messages.lastNameRequired), z.maxLength(100)),
  phone: z.optional(phoneField),
  /** The mailing address (optional; null is the same as none). */
  address: optionalAddress,
  enableSmsNotifications: z.optional(z.boolean()),
})
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>

/** PATCH /api/admin/customers/{id}: names, phone, mailing address and the SMS flag; email and password are not changed here. */
export const updateCustomerSchema = updateMeSchema
export type UpdateCustomerInput = z.infer<typeof updateCustomerSchema>

/** Customers a page of the admin list holds unless told (GET /api/admin/customers?limit=), and at most. */
export const CUSTOMERS_PAGE_SIZE = 25
export const CUSTOMERS_MAX_PAGE_SIZE = 100

/** The customer lists: the active customers (the default) or the archived ("deleted") ones, which staff may restore. */
export const CUSTOMER_VIEWS = ['active', 'archived'] as const
export type CustomerView = (typeof CUSTOMER_VIEWS)[number]

/**
 * GET /api/admin/customers?view=active|archived&search=&limit=&cursor=: a page of customers, newest first
 * (archived ones: the latest archived first); `search` is an email, a phone number or text (name, email,
 * phone digits); the cursor is the previous page's, of the same view.
 */
export const adminCustomersQuerySchema = z.object({
  view: z._default(z.enum(CUSTOMER_VIEWS, { error: 'view must be active or archived' }), 'active'),
  search: searchParam,
  limit: limitParam(CUSTOMERS_PAGE_SIZE, CUSTOMERS_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>
