import { adminMessages } from '@gs/shared/admin-messages'
import type { UpdateCustomerInput } from '@gs/shared/schemas/customers'
import { normalizePhone } from '@gs/shared/validation'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { NotFoundError } from '../lib/errors.ts'

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
}

/** Names, phone and the SMS flag; the email (the sign-in name) and the password are not changed here. */
export async function updateCustomer({ profiles, id, changes }: UpdateCustomer): Promise<Profile> {
  await loadCustomer({ profiles, id })
  const phone = changes.phone === undefined ? undefined : normalizePhone(changes.phone)
  const updated = await profiles.updateProfile(id, { ...changes, phone })
  if (!updated) throw new NotFoundError(adminMessages.customerNotFound)
  return updated
}
