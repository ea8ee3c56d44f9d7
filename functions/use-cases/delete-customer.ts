import type { UserDirectory } from '../auth/users.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { loadCustomer } from './update-customer.ts'
import type { Actor } from '../domain/audit-actor.ts'

interface DeleteCustomer {
  profiles: Pick<ProfileRepository, 'getProfile' | 'archiveProfile'>
  directory: Pick<UserDirectory, 'disableUser'>
  id: string
  actor?: Actor
}

/**
 * "Delete" keeps the records (orders and payments refer to the customer): the profile
 * is archived, which the API's account gate refuses at once, and the sign-in is disabled.
 */
export async function deleteCustomer({ profiles, directory, id, actor }: DeleteCustomer): Promise<Profile> {
  const customer = await loadCustomer({ profiles, id })
  const customerAudit = actor && (await import('../domain/audit-changes.ts')).customerAudit
  const archived = await profiles.archiveProfile(id, actor && customerAudit && ((before) => customerAudit({ actor, action: 'customer.archive', summary: 'Archived the customer', customerId: id, before, after: { ...before, isArchived: true } })))
  await directory.disableUser(customer.email)
  return archived ?? { ...customer, isArchived: true, isActive: false }
}
