import { NotFoundError } from '#functions/lib/errors.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { presentProfile } from './present.ts'
import { profileRepository } from '#functions/compose.ts'

export const handler = defineRoute({}, async ({ caller }) => {
  const profile = await (await profileRepository()).getProfile(caller.userId)
  if (!profile) throw new NotFoundError('Profile not found')
  // The group in the token is the authority on the role.
  return { body: presentProfile({ ...profile, role: caller.role }) }
})
