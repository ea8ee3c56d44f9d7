import { normalizePhone } from '@gs/shared/validation'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'

interface RegisterCustomer {
  profiles: Pick<ProfileRepository, 'ensureProfile'>
  addToGroup: (group: 'customer') => Promise<void>
  user: { id: string; email: string; firstName?: string; lastName?: string; phone?: string }
}

/** Every sign-up is a customer; names and phone are trimmed, SMS notifications start off. */
export async function registerCustomer({ profiles, addToGroup, user }: RegisterCustomer): Promise<Profile> {
  await addToGroup('customer')
  const phone = user.phone?.trim() ? normalizePhone(user.phone.trim()) : undefined
  return profiles.ensureProfile({
    id: user.id,
    email: user.email.trim().toLowerCase(),
    firstName: user.firstName?.trim() ?? '',
    lastName: user.lastName?.trim() ?? '',
    phone,
    enableSmsNotifications: false,
    role: 'customer',
  })
}
