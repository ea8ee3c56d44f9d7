import { updateMeSchema } from '@gs/shared/schemas/profile'
import { normalizePhone } from '@gs/shared/validation'
import { NotFoundError } from '#functions/lib/errors.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { presentProfile } from './present.ts'
import { profileRepository } from '#functions/compose.ts'

export const handler = defineRoute({ body: updateMeSchema }, async ({ caller, body }) => {
  const changes = { ...body, phone: body.phone === undefined ? undefined : normalizePhone(body.phone) }
  const profile = await (await profileRepository()).updateProfile(caller.userId, changes)
  if (!profile) throw new NotFoundError('Profile not found')
  return { body: presentProfile({ ...profile, role: caller.role }) }
})
