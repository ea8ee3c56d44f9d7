import { inviteStaffSchema } from '@gs/shared/schemas/staff'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { inviteStaff } from '#functions/use-cases/staff-accounts.ts'
import { profileRepository, userDirectory } from '#functions/compose.ts'
import { presentInvited } from './present.ts'

/** POST /api/admin/staff (owner) → 201 StaffMember: the invitation mailed by Cognito, the profile with the role. */
export const handler = defineRoute({ body: inviteStaffSchema }, async ({ caller, body }) => {
  const profile = await inviteStaff({ directory: await userDirectory(), profiles: await profileRepository(), input: body, actor: actorOf(caller) })
  return { statusCode: 201, body: presentInvited(profile) }
})
