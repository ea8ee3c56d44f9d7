import { updateMeSchema } from '@gs/shared/schemas/profile'
import { normalizePhone } from '@gs/shared/validation'
import { forgetAccount } from '#functions/auth/account-gate.ts'
import { NotFoundError } from '#functions/lib/errors.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { presentProfile } from './present.ts'
import { profileRepository } from '#functions/compose.ts'

export const handler = defineRoute({ body: updateMeSchema }, async ({ caller, body }) => {
  const changes = { ...body, phone: body.phone === undefined ? undefined : normalizePhone(body.phone) }
  const profile = await (await profileRepository()).updateProfile(caller.userId, changes)
  if (!profile) throw new NotFoundError('Profile not found')
  forgetAccount(caller.userId) // the gate's cached first name (note author label)
  return { body: presentProfile({ ...profile, role: caller.role }) }
})
