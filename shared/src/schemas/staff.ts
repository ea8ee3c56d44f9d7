import { messages } from '../validation.ts'
import { STAFF_ROLES } from '../staff.ts'
import { staffAccountMessages } from '../staff-accounts.ts'
import { cursorParam, limitParam } from './paging.ts'
import * as z from './zod.ts'

/** An email needs only an @ (with something either side, no spaces), as for a staff-created customer. */
const EMAIL_WITH_AT = /^[^\s@]+@[^\s@]+$/

const staffRole = z.enum(STAFF_ROLES, { error: staffAccountMessages.roleRequired })

/** POST /api/admin/staff: the invitation (Cognito mails a temporary password; the person sets theirs and an authenticator). */
export const inviteStaffSchema = z.strictObject({
  email: z
    .string({ error: messages.adminEmailInvalid })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, messages.adminEmailInvalid), z.regex(EMAIL_WITH_AT, messages.adminEmailInvalid)),
  firstName: z.string({ error: messages.firstNameRequired }).check(z.trim(), z.minLength(1, messages.firstNameRequired), z.maxLength(100)),
  lastName: z.string({ error: messages.lastNameRequired }).check(z.trim(), z.minLength(1, messages.lastNameRequired), z.maxLength(100)),
  staffRole,
})
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>

/** PATCH /api/admin/staff/{staffId}: a new role, disabled or enabled again (one or both). */
export const updateStaffSchema = z
  .strictObject({
    staffRole: z.optional(staffRole),
    isActive: z.optional(z.boolean({ error: 'isActive must be true or false' })),
  })
  .check(z.refine((b) => b.staffRole !== undefined || b.isActive !== undefined, { message: staffAccountMessages.nothingToChange }))
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>

/** Staff a page of GET /api/admin/staff holds (a shop has far fewer). */
export const STAFF_PAGE_SIZE = 100

export const staffListQuerySchema = z.object({
  limit: limitParam(STAFF_PAGE_SIZE, STAFF_PAGE_SIZE),
  cursor: cursorParam,
})
export type StaffListQuery = z.infer<typeof staffListQuerySchema>
