import { randomInt } from 'node:crypto'
import { STAFF_ROLE_LABELS, type StaffRole } from '@gs/shared/staff'
import { staffAccountMessages } from '@gs/shared/staff-accounts'
import type { InviteStaffInput, UpdateStaffInput } from '@gs/shared/schemas/staff'
import { INVALID_CURSOR } from '@gs/shared/schemas/paging'
import { normalizeEmail } from '@gs/shared/validation'
import type { UserDirectory } from '../auth/users.ts'
import type { Revoke } from '../auth/sessions.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { LastOwnerError, StaffCursorError, isActiveOwner, type StaffAccount, type StaffRepository } from '../db/repositories/staff.ts'
import type { AuditRepository } from '../db/repositories/audit.ts'
import { auditEvent, type Actor, type AuditChange, type AuditEvent } from '../domain/audit.ts'
import type { StaffMfaChange } from '../db/repositories/account-state.ts'
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts'
import { isConcurrentChange } from '../lib/retry.ts'
import { errorFields, log } from '../lib/logger.ts'

/** Ends every session of a person (functions/auth/sessions.ts endSessions), as the use cases need it. */
export type EndSessions = (a: { userId: string; revoke: Revoke; staffMfa?: StaffMfaChange; accountDisabled?: boolean }) => Promise<void>

const nameOf = (s: { firstName: string; lastName: string; email: string }) => `${s.firstName} ${s.lastName}`.trim() || s.email
const statusOf = (active: boolean) => (active ? staffAccountMessages.activeLabel : staffAccountMessages.disabledLabel)

/**
 * A staff member's audit record: kept under their id (the audit's `customerId`, the person a record is about), so
 * one Query lists what was done to an account.
 */
function staffAudit(actor: Actor, action: string, summary: string, staffId: string, changes: AuditChange[]): AuditEvent {
  return auditEvent({ actor, action, summary, customerId: staffId, changes })
}

/** 20 characters from letters and digits (no look-alikes) and a symbol: the invitation's temporary password. */
export function temporaryPassword(): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  let out = ''
  for (let i = 0; i < 19; i++) out += chars[randomInt(chars.length)]
  return `${out}!`
}

export async function listStaff({ staff, limit, cursor }: { staff: Pick<StaffRepository, 'pageStaff'>; limit: number; cursor?: string }) {
  try {
    return await staff.pageStaff({ limit, cursor })
  } catch (err) {
    if (err instanceof StaffCursorError) throw new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR })
    throw err
  }
}

interface Invite {
  directory: Pick<UserDirectory, 'createConfirmedUser' | 'deleteUser'>
  profiles: Pick<ProfileRepository, 'createProfile' | 'getProfile' | 'findByEmail'>
  input: InviteStaffInput
  actor: Actor
}

/**
 * Invites a staff member: a Cognito user in `admin` with a temporary password, which Cognito mails them (the pool's
 * invitation; the local inbox locally), and their profile with the role, with its audit record. At the first sign-in
 * they choose a password and set up an authenticator app. An email any account has (customer or staff) is a 409.
 */
export async function inviteStaff({ directory, profiles, input, actor }: Invite): Promise<Profile> {
  const email = normalizeEmail(input.email)
  const taken = new ConflictError(staffAccountMessages.emailTaken(email))
  if (await profiles.findByEmail(email)) throw taken
  let id: string
  try {
    id = await directory.createConfirmedUser({ email, password: temporaryPassword(), group: 'admin', firstName: input.firstName, lastName: input.lastName, temporaryPassword: true })
  } catch (err) {
    if (err instanceof ConflictError) throw taken
    throw err
  }
  const name = `${input.firstName} ${input.lastName}`.trim()
  const audit = staffAudit(actor, 'staff.invite', `Invited ${name} (${email}) as ${STAFF_ROLE_LABELS[input.staffRole]}`, id, [
    { field: 'Email', before: '', after: email },
    { field: 'Name', before: '', after: name },
    { field: 'Role', before: '', after: STAFF_ROLE_LABELS[input.staffRole] },
  ])
  try {
    return await profiles.createProfile({ id, email, firstName: input.firstName, lastName: input.lastName, role: 'admin', staffRole: input.staffRole }, audit)
  } catch (err) {
    if (await profiles.getProfile(id).catch(() => null)) throw taken
    try {
      await directory.deleteUser(email)
    } catch (cleanup) {
      log.error('could not remove the invited user after a failed profile write', { userId: id, ...errorFields(cleanup) })
    }
    throw err
  }
}

interface Update {
  staff: Pick<StaffRepository, 'changeStaff'>
  directory: Pick<UserDirectory, 'disableUser' | 'enableUser'>
  endSessions: EndSessions
  userPoolId: string
  staffId: string
  input: UpdateStaffInput
  actor: Actor
}

/**
 * A new role, or the account disabled or enabled again. A role applies at the person's next request (the gate reads
 * it each time). Disabled: the profile is inactive (every request refused), Cognito refuses their sign-in and
 * revokes their refresh tokens, and every session of theirs ends. The last active owner cannot be demoted or
 * disabled (409).
 */
export async function updateStaff({ staff, directory, endSessions, userPoolId, staffId, input, actor }: Update): Promise<StaffAccount> {
  let changed: { before: StaffAccount; after: StaffAccount } | null
  try {
    changed = await staff.changeStaff(staffId, { staffRole: input.staffRole, isActive: input.isActive }, (before, after) => {
      const changes: AuditChange[] = []
      if (before.staffRole !== after.staffRole) changes.push({ field: 'Role', before: STAFF_ROLE_LABELS[before.staffRole], after: STAFF_ROLE_LABELS[after.staffRole] })
      if (before.isActive !== after.isActive) changes.push({ field: 'Status', before: statusOf(before.isActive), after: statusOf(after.isActive) })
      const name = nameOf(before)
      const action = before.isActive !== after.isActive ? (after.isActive ? 'staff.enable' : 'staff.disable') : 'staff.role'
      const summary =
        action === 'staff.enable' ? `Enabled ${name}` : action === 'staff.disable' ? `Disabled ${name}` : before.staffRole !== after.staffRole ? `Made ${name} ${STAFF_ROLE_LABELS[after.staffRole]}` : `Kept ${name} as ${STAFF_ROLE_LABELS[after.staffRole]}`
      const extra = action !== 'staff.role' && before.staffRole !== after.staffRole ? `; made ${STAFF_ROLE_LABELS[after.staffRole]}` : ''
      return staffAudit(actor, action, summary + extra, staffId, changes)
    })
  } catch (err) {
    if (err instanceof LastOwnerError) throw new ConflictError(staffAccountMessages.lastOwner)
    if (isConcurrentChange(err)) throw new ConflictError('The account was changed at the same time; reload and try again.')
    throw err
  }
  if (!changed) throw new NotFoundError(staffAccountMessages.notStaff)
  const { before, after } = changed
  if (before.isActive && !after.isActive) {
    await directory.disableUser(before.email)
    await endSessions({ userId: staffId, revoke: { userPoolId, username: before.email }, accountDisabled: true })
  } else if (!before.isActive && after.isActive) {
    await directory.enableUser(before.email)
  }
  return after
}

interface ResetTwoStep {
  staff: Pick<StaffRepository, 'getStaff'>
  directory: Pick<UserDirectory, 'resetTwoStep'>
  audit: Pick<AuditRepository, 'append'>
  endSessions: EndSessions
  userPoolId: string
  staffId: string
  actor: Actor
}

/**
 * Forgets a staff member's authenticator app (they lost it): Cognito turns it off, the API forgets it and ends every
 * session of theirs (as `npm run create-admin -- --reset-mfa` does); at their next sign-in, with the password alone,
 * the staff pages ask them to set up a new one.
 */
export async function resetStaffTwoStep({ staff, directory, audit, endSessions, userPoolId, staffId, actor }: ResetTwoStep): Promise<StaffAccount> {
  const before = await staff.getStaff(staffId)
  if (!before) throw new NotFoundError(staffAccountMessages.notStaff)
  await directory.resetTwoStep(before.email)
  await endSessions({ userId: staffId, revoke: { userPoolId, username: before.email }, staffMfa: 'reset' })
  await audit.append([
    staffAudit(actor, 'staff.two_step_reset', `Reset the authenticator of ${nameOf(before)}`, staffId, [
      { field: 'Two-step sign-in', before: before.twoStepSetUp ? staffAccountMessages.twoStepOn : staffAccountMessages.twoStepOff, after: staffAccountMessages.twoStepOff },
    ]),
  ])
  return { ...before, twoStepSetUp: false }
}

/** The staff list's rows in the order the page shows them: owners, front desk, gunsmiths, each by name. */
export function sortStaff(items: readonly StaffAccount[]): StaffAccount[] {
  const rank: Record<StaffRole, number> = { owner: 0, front_desk: 1, gunsmith: 2 }
  return [...items].sort((a, b) => rank[a.staffRole] - rank[b.staffRole] || nameOf(a).localeCompare(nameOf(b)))
}

export const countActiveOwners = (items: readonly StaffAccount[]) => items.filter(isActiveOwner).length
