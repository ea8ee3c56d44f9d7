import { adminMessages } from '@gs/shared/admin-messages'
import type { UserDirectory } from '../auth/users.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { NotFoundError } from '../lib/errors.ts'
import type { Actor } from '../domain/audit-actor.ts'
import type { AuditEvent } from '../domain/audit.ts'

interface RestoreCustomer {
  profiles: Pick<ProfileRepository, 'getProfile'> & { restoreProfile(id: string, audit?: AuditEvent): Promise<Profile | null> }
  directory: Pick<UserDirectory, 'enableUser'>
  id: string
  actor?: Actor
}

/**
 * Undoes "delete" (delete-customer.ts): the archived profile is active and listed again and the sign-in is
 * enabled. A customer who is not archived is left as is (200, nothing written to the table); the sign-in is
 * enabled either way, so a restore whose Cognito call failed can simply be repeated. Admins and unknown ids: 404.
 */
export async function restoreCustomer({ profiles, directory, id, actor }: RestoreCustomer): Promise<Profile> {
  const profile = id ? await profiles.getProfile(id) : null
  if (!profile || profile.role !== 'customer') throw new NotFoundError(adminMessages.customerNotFound)
  const restored = profile.isArchived || !profile.isActive ? await profiles.restoreProfile(id, actor && (await import('../domain/audit-changes.ts')).customerAudit({ actor, action: 'customer.restore', summary: 'Restored the customer', customerId: id, before: profile, after: { ...profile, isArchived: false } })) : profile
  if (!restored) throw new NotFoundError(adminMessages.customerNotFound)
  await directory.enableUser(restored.email)
  return restored
}
