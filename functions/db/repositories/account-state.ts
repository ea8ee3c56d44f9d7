import { isConditionalFailure } from '../conditions.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

/** What the account gate needs of a caller's profile: whether it may use the API, which sign-ins still count, and the name notes are signed with. */
export interface AccountState {
  active: boolean
  firstName?: string
  /** With firstName: the name a staff member's actions are recorded under (the audit log). */
  lastName?: string
  /** Tokens from a sign-in before this (seconds since the epoch) are refused; 0 when no session was ever ended. */
  sessionsValidFrom: number
  /** Staff: the API has recorded the authenticator app (and ended every sign-in from before it). */
  staffMfaRecorded: boolean
}

/** The profile attributes the gate reads. */
export const ACCOUNT_STATE_ATTRIBUTES = ['isActive', 'isArchived', 'firstName', 'lastName', 'sessionsValidFrom', 'staffMfaAt'] as const

/**
 * The caller's account state: one strongly consistent GetItem of the profile, only the attributes the gate needs
 * (every signed-in request runs it, so a session ended or an account archived by another container is refused at
 * the next request). Null when there is no profile.
 */
export async function readAccountState({ table, client }: TableConfig, userId: string): Promise<AccountState | null> {
  const { data } = await createService({ table, client })
    .entities.profile.get({ userId })
    .go({ attributes: [...ACCOUNT_STATE_ATTRIBUTES], consistent: true })
  if (!data) return null
  return {
    active: (data.isActive ?? true) && !data.isArchived,
    firstName: data.firstName || undefined,
    lastName: data.lastName || undefined,
    sessionsValidFrom: data.sessionsValidFrom ?? 0,
    staffMfaRecorded: data.staffMfaAt !== undefined,
  }
}

/** What ending a person's sessions does to their record of two-step sign-in. */
export type StaffMfaChange = 'recorded' | 'reset'

/**
 * Ends every sign-in of this person made before `at` (seconds since the epoch): the gate refuses their tokens from
 * the next request on. `staffMfa` records the authenticator app set up (at the same moment) or forgets it (a reset).
 * False when there is no profile.
 */
export async function endSessionsBefore({ table, client }: TableConfig, userId: string, at: number, staffMfa?: StaffMfaChange): Promise<boolean> {
  const profile = createService({ table, client }).entities.profile
  let update = profile.patch({ userId }).set({ sessionsValidFrom: at, ...(staffMfa === 'recorded' ? { staffMfaAt: at } : {}) })
  if (staffMfa === 'reset') update = update.remove(['staffMfaAt'])
  try {
    await update.go({ response: 'none' })
    return true
  } catch (err) {
    if (isConditionalFailure(err)) return false
    throw err
  }
}
