import { isConditionalFailure } from '../conditions.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import type { AccountState, StaffMfaChange } from '../../lib/http.ts'
import { staffRoleOf } from '@gs/shared/staff'

export type { AccountState, StaffMfaChange }

/** The profile attributes the gate reads. */
export const ACCOUNT_STATE_ATTRIBUTES = ['isActive', 'isArchived', 'firstName', 'lastName', 'sessionsValidFrom', 'staffMfaAt', 'role', 'staffRole'] as const

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
    staffRole: data.role === 'admin' ? staffRoleOf(data.staffRole) : null,
  }
}

/**
 * Who an order is assigned to (the gate's check of a gunsmith's order routes): one strongly consistent GetItem of
 * the order's assignee alone. `missing` when there is no such order.
 */
export async function readOrderAssignee({ table, client }: TableConfig, orderId: string): Promise<{ assignedTo: string | null } | 'missing'> {
  const { data } = await createService({ table, client })
    .entities.order.get({ orderId })
    .go({ attributes: ['orderId', 'assignedTo'], consistent: true })
  return data ? { assignedTo: data.assignedTo ?? null } : 'missing'
}

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
