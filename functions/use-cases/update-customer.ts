import { adminMessages } from '@gs/shared/admin-messages'
import type { UpdateCustomerInput } from '@gs/shared/schemas/customers'
import { normalizePhone } from '@gs/shared/validation'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { NotFoundError } from '../lib/errors.ts'
import type { Actor } from '../domain/audit-actor.ts'

/** A customer the admin pages manage: not an admin, not archived. */
export async function loadCustomer({ profiles, id }: { profiles: Pick<ProfileRepository, 'getProfile'>; id: string }): Promise<Profile> {
  const profile = id ? await profiles.getProfile(id) : null
  if (!profile || profile.role !== 'customer' || profile.isArchived) throw new NotFoundError(adminMessages.customerNotFound)
  return profile
}

interface UpdateCustomer {
  profiles: Pick<ProfileRepository, 'getProfile' | 'updateProfile'>
  id: string
  changes: UpdateCustomerInput
  /** The staff member (the audit record); absent: no record (tests, scripts). */
  actor?: Actor
}

/** Names, phone, mailing address (null clears it) and the SMS flag; the email (the sign-in name) and the password are not changed here. */
export async function updateCustomer({ profiles, id, changes, actor }: UpdateCustomer): Promise<Profile> {
  await loadCustomer({ profiles, id })
  const phone = changes.phone === undefined ? undefined : normalizePhone(changes.phone)
  const next = { ...changes, phone }
  // The record builders load with the first write that records one (not in any route's cold start).
  const customerAudit = actor && (await import('../domain/audit-changes.ts')).customerAudit
  const updated = await profiles.updateProfile(
    id,
    next,
    actor && customerAudit && ((before) => customerAudit({ actor, action: 'customer.update', summary: 'Updated the customer', customerId: id, before, after: { ...before, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v ?? undefined])) } })),
  )
  if (!updated) throw new NotFoundError(adminMessages.customerNotFound)
  return updated
}
