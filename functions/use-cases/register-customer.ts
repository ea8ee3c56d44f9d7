import { cleanSignUpAttributes } from '@gs/shared/schemas/sign-up-attributes'
import { normalizeEmail } from '@gs/shared/validation'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'

interface RegisterCustomer {
  profiles: Pick<ProfileRepository, 'ensureProfile'>
  addToGroup: (group: 'customer') => Promise<void>
  user: { id: string; email: string; firstName?: string; lastName?: string; phone?: string }
}

/**
 * Every sign-up is a customer, SMS notifications off. The email is stored normalized (one email, one
 * account); names and phone follow the profile rules (cleanSignUpAttributes): a blank name stays empty, an
 * invalid phone is dropped, neither fails the sign-up.
 */
export async function registerCustomer({ profiles, addToGroup, user }: RegisterCustomer): Promise<Profile> {
  await addToGroup('customer')
  const { firstName, lastName, phone } = cleanSignUpAttributes(user)
  return profiles.ensureProfile({
    id: user.id,
    email: normalizeEmail(user.email),
    firstName,
    lastName,
    phone,
    enableSmsNotifications: false,
    role: 'customer',
  })
}
