import { createProfileRepository } from '#functions/db/repositories/profiles.ts'
import { defaultTable } from '#functions/db/table.ts'
import { NotFoundError } from '#functions/lib/errors.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { presentProfile } from './present.ts'

export const handler = defineRoute({}, async ({ caller }) => {
  const profile = await createProfileRepository(defaultTable()).getProfile(caller.userId)
  if (!profile) throw new NotFoundError('Profile not found')
  // The group in the token is the authority on the role.
  return { body: presentProfile({ ...profile, role: caller.role }) }
})
