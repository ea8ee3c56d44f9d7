import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

/** What the account gate needs of a caller's profile: whether it may use the API, and the first name notes are signed with. */
export interface AccountState {
  active: boolean
  firstName?: string
  /** With firstName: the name a staff member's actions are recorded under (the audit log). */
  lastName?: string
}

/**
 * The caller's account state: one GetItem of the profile, only the attributes the gate needs (every
 * request of a cold container runs it, so it carries nothing of the profile repository's writes).
 * Null when there is no profile.
 */
export async function readAccountState({ table, client }: TableConfig, userId: string): Promise<AccountState | null> {
  const { data } = await createService({ table, client })
    .entities.profile.get({ userId })
    .go({ attributes: ['isActive', 'isArchived', 'firstName', 'lastName'] })
  if (!data) return null
  return { active: (data.isActive ?? true) && !data.isArchived, firstName: data.firstName || undefined, lastName: data.lastName || undefined }
}
