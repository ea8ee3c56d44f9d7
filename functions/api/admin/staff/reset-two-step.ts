import { defineRoute } from '#functions/lib/http.ts'
import { requireEnv } from '#functions/lib/env.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { resetStaffTwoStep } from '#functions/use-cases/staff-accounts.ts'
import { auditRepository, staffRepository, userDirectory } from '#functions/compose.ts'
import { presentStaff } from './present.ts'

/** POST /api/admin/staff/{staffId}/reset-two-step (owner) → StaffMember: the authenticator forgotten, their sessions ended. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const { endSessions } = await import('#functions/auth/sessions.ts')
  const after = await resetStaffTwoStep({
    staff: await staffRepository(),
    directory: await userDirectory(),
    audit: await auditRepository(),
    endSessions,
    userPoolId: requireEnv('userPoolId').userPoolId,
    staffId: params.staffId,
    actor: actorOf(caller),
  })
  return { body: presentStaff(after) }
})
