import type { StaffMember } from '@gs/shared/staff-accounts'
import type { StaffAccount } from '#functions/db/repositories/staff.ts'
import type { Profile } from '#functions/db/repositories/profiles.ts'

/** A staff account as the contract shows it (GET /api/admin/staff and the answers of its writes). */
export const presentStaff = (s: StaffAccount): StaffMember => ({
  id: s.id,
  email: s.email,
  firstName: s.firstName,
  lastName: s.lastName,
  staffRole: s.staffRole,
  isActive: s.isActive,
  twoStepSetUp: s.twoStepSetUp,
  lastSignInAt: s.lastSignInAt,
  // Never signed in and no authenticator: the invitation is still waiting (an account from before sign-ins were
  // recorded has its authenticator, so it is not shown as invited).
  pending: !s.lastSignInAt && !s.twoStepSetUp,
  createdAt: s.createdAt,
})

/** A staff account just invited. */
export const presentInvited = (p: Profile): StaffMember => ({
  id: p.id,
  email: p.email,
  firstName: p.firstName,
  lastName: p.lastName,
  staffRole: p.staffRole ?? 'owner',
  isActive: p.isActive,
  twoStepSetUp: false,
  lastSignInAt: null,
  pending: true,
  createdAt: p.createdAt,
})
