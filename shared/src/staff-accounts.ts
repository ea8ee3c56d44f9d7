/**
 * Staff accounts (Settings → User Management): the owner invites staff, gives each a role, disables and
 * re-enables them and resets their authenticator. The contract types of the /api/admin/staff routes and the words
 * the API and the SPA show (docs/api.md, "Staff accounts"; docs/business-rules.md, "Staff accounts").
 */
import type { StaffRole } from './staff.ts'

/** A row of GET /api/admin/staff. */
export interface StaffMember {
  id: string
  email: string
  firstName: string
  lastName: string
  staffRole: StaffRole
  /** False while disabled: the person cannot sign in and every request of theirs is refused. */
  isActive: boolean
  /** The authenticator app is set up (two-step sign-in); false after a reset until they set one up again. */
  twoStepSetUp: boolean
  /** The last successful sign-in (ISO time), null when they never signed in. */
  lastSignInAt: string | null
  /** Invited and never signed in yet (their temporary password is still the one in the invitation). */
  pending: boolean
  /** When the account was created (ISO time). */
  createdAt: string
}

/** GET /api/admin/staff: every staff member, owners first, then by name; `activeOwners` for the last-owner rule. */
export interface StaffList {
  items: StaffMember[]
  /** The active owners: the last one cannot be demoted or disabled. */
  activeOwners: number
  /** The next page (more staff than one page holds), else null. */
  cursor: string | null
}

/** A row of GET /api/admin/staff/gunsmiths: an active gunsmith an order can be assigned to. */
export interface GunsmithOption {
  id: string
  name: string
}

export interface GunsmithList {
  items: GunsmithOption[]
}

export const staffAccountMessages = {
  lastOwner: 'The shop needs at least one active owner: make someone else an owner first.',
  lastOwnerHint: 'The only active owner: make someone else an owner before changing this account.',
  emailTaken: (email: string) => `An account with the email ${email} already exists (a customer or a staff member); use another email.`,
  notStaff: 'No such staff member.',
  nothingToChange: 'Give a role or whether the account is active.',
  roleRequired: 'Choose a role',
  resetConfirm: (name: string) => `Reset the authenticator of ${name}? Their sessions end, and at their next sign-in they set up a new authenticator app.`,
  resetDone: (name: string) => `${name} sets up a new authenticator at their next sign-in.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  disableConfirm: (name: string) => `Disable ${name}? They are signed out and cannot sign in until you enable them again.`,
  neverSignedIn: 'Never',
  pendingLabel: 'Invited',
  activeLabel: 'Active',
  disabledLabel: 'Disabled',
  twoStepOn: 'Set up',
  twoStepOff: 'Not set up',
} as const
