import { createProfileRepository } from '../../db/repositories/profiles.ts'
import { defaultTable } from '../../db/table.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { defineRoute } from '../../lib/http.ts'
import { presentProfile } from './present.ts'

export const handler = defineRoute({}, async ({ caller }) => {
  const profile = await createProfileRepository(defaultTable()).getProfile(caller.userId)
  if (!profile) throw new NotFoundError('Profile not found')
  // The group in the token is the authority on the role.
  return { body: presentProfile({ ...profile, role: caller.role }) }
})
