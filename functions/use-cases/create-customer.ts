import type { CreateCustomerInput } from '@gs/shared/schemas/customers'
import { normalizePhone } from '@gs/shared/validation'
import type { UserDirectory } from '../auth/users.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { errorFields, log } from '../lib/logger.ts'

interface CreateCustomer {
  directory: Pick<UserDirectory, 'createConfirmedUser' | 'deleteUser'>
  profiles: Pick<ProfileRepository, 'createProfile'>
  input: CreateCustomerInput
}

/**
 * A shop-created customer: a confirmed Cognito user in `customer` with a permanent
 * password, then the profile keyed by its sub. When the profile cannot be written the
 * user is removed again, so no half-created account can sign in. A duplicate email is
 * reported by Cognito (archived customers keep their disabled user): 409.
 */
export async function createCustomer({ directory, profiles, input }: CreateCustomer): Promise<Profile> {
  const email = input.email.trim().toLowerCase()
  const firstName = input.firstName.trim()
  const lastName = input.lastName.trim()
  const phone = input.phone?.trim() ? normalizePhone(input.phone.trim()) : undefined
  const id = await directory.createConfirmedUser({ email, password: input.password, group: 'customer', firstName, lastName })
  try {
    return await profiles.createProfile({ id, email, firstName, lastName, phone, enableSmsNotifications: input.enableSmsNotifications ?? false, role: 'customer' })
  } catch (err) {
    try {
      await directory.deleteUser(email)
    } catch (cleanup) {
      log.error('could not remove the user after a failed profile write', { userId: id, ...errorFields(cleanup) })
    }
    throw err
  }
}
