import type { CreateCustomerInput } from '@gs/shared/schemas/customers'
import { normalizeEmail, normalizePhone } from '@gs/shared/validation'
import type { NewUser, UserDirectory } from '../auth/users.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { ConflictError } from '../lib/errors.ts'
import type { Actor } from '../domain/audit-actor.ts'
import { errorFields, log } from '../lib/logger.ts'

interface CreateCustomer {
  directory: Pick<UserDirectory, 'createConfirmedUser' | 'deleteUser' | 'findUser' | 'adoptUser'>
  profiles: Pick<ProfileRepository, 'createProfile' | 'getProfile' | 'findByEmail'>
  input: CreateCustomerInput
  /** The staff member (the audit record); absent: no record (tests, scripts). */
  actor?: Actor
}

/**
 * A shop-created customer: a Cognito user in `customer` with a temporary password and Cognito's welcome mail, then
 * the profile keyed by its sub (the user removed again when the profile cannot be written). A duplicate email is a
 * 409; a sign-in without a profile is taken over (docs/api.md, "POST /api/admin/customers").
 */
export async function createCustomer({ directory, profiles, input, actor }: CreateCustomer): Promise<Profile> {
  const email = normalizeEmail(input.email)
  const firstName = input.firstName.trim()
  const lastName = input.lastName.trim()
  const phone = input.phone?.trim() ? normalizePhone(input.phone.trim()) : undefined
  // The password staff type is temporary: Cognito mails the customer a welcome with it, and they choose their own at first sign-in.
  const user: NewUser = { email, password: input.password, group: 'customer', firstName, lastName, temporaryPassword: true }
  const id = await createOrAdopt(directory, profiles, user)
  try {
    const profile = { id, email, firstName, lastName, phone, address: input.address ?? undefined, enableSmsNotifications: input.enableSmsNotifications ?? false, role: 'customer' as const }
    return await profiles.createProfile(profile, actor && (await import('../domain/audit-changes.ts')).customerAudit({ actor, action: 'customer.create', summary: `Created customer ${`${firstName} ${lastName}`.trim() || email}`, customerId: id, before: null, after: profile }))
  } catch (err) {
    // Another request wrote this profile meanwhile: theirs stands, and so does the user it belongs to.
    if (await profiles.getProfile(id).catch(() => null)) throw new ConflictError(`A user with email ${email} already exists in the system`)
    try {
      await directory.deleteUser(email)
    } catch (cleanup) {
      log.error('could not remove the user after a failed profile write', { userId: id, ...errorFields(cleanup) })
    }
    throw err
  }
}

async function createOrAdopt(directory: CreateCustomer['directory'], profiles: CreateCustomer['profiles'], user: NewUser): Promise<string> {
  try {
    return await directory.createConfirmedUser(user)
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err
    const existing = await directory.findUser(user.email)
    if (!existing) throw err
    if ((await profiles.getProfile(existing.id)) || (await profiles.findByEmail(user.email))) throw err
    if (existing.status === 'UNCONFIRMED') {
      // A sign-up never confirmed: AdminConfirmSignUp would run the sign-up trigger; a new user is simpler.
      await directory.deleteUser(user.email)
      const id = await directory.createConfirmedUser(user)
      log.warn('replaced an unconfirmed sign-in that had no profile', { userId: id })
      return id
    }
    await directory.adoptUser(user)
    log.warn('adopted a sign-in that had no profile', { userId: existing.id })
    return existing.id
  }
}
