import { changePasswordSchema } from '@gs/shared/schemas/auth'
import { changeOwnPassword } from '#functions/auth/password.ts'
import { endSessions } from '#functions/auth/sessions.ts'
import { UnauthorizedError } from '#functions/lib/errors.ts'
import { bearerToken, defineRoute } from '#functions/lib/http.ts'

/**
 * POST /api/me/password: the caller's own password, then every session of theirs ends (this one too: Cognito's
 * sign-out cannot spare one device). 204; the SPA signs in again with the new password at once, so the person
 * stays signed in on this device and nowhere else.
 */
export const handler = defineRoute({ body: changePasswordSchema }, async ({ caller, body, event }) => {
  const accessToken = bearerToken(event)
  if (!accessToken) throw new UnauthorizedError()
  await changeOwnPassword({ accessToken, ...body })
  await endSessions({ userId: caller.userId, revoke: { accessToken } })
  return { statusCode: 204 }
})
