import { updateStaffSchema } from '@gs/shared/schemas/staff'
import { defineRoute } from '#functions/lib/http.ts'
import { requireEnv } from '#functions/lib/env.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { updateStaff } from '#functions/use-cases/staff-accounts.ts'
import { staffRepository, userDirectory } from '#functions/compose.ts'
import { presentStaff } from './present.ts'

/** PATCH /api/admin/staff/{staffId} (owner) → StaffMember: a new role, disabled or enabled; the last owner stays (409). */
export const handler = defineRoute({ body: updateStaffSchema }, async ({ caller, params, body }) => {
  const { endSessions } = await import('#functions/auth/sessions.ts')
  const after = await updateStaff({
    staff: await staffRepository(),
    directory: await userDirectory(),
    endSessions,
    userPoolId: requireEnv('userPoolId').userPoolId,
    staffId: params.staffId,
    input: body,
    actor: actorOf(caller),
  })
  return { body: presentStaff(after) }
})
