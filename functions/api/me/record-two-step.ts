import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { cognitoClient } from '#functions/auth/cognito.ts'
import { endSessions } from '#functions/auth/sessions.ts'
import { ConflictError, ForbiddenError, UnauthorizedError } from '#functions/lib/errors.ts'
import { bearerToken, defineRoute } from '#functions/lib/http.ts'

export const NO_AUTHENTICATOR = 'Two-step sign-in is not set up yet: verify a code from your authenticator app first.'

/**
 * POST /api/me/two-step-sign-in: a staff member has just set up their authenticator app (with Cognito, from the
 * SPA). The API records it and ends every session of theirs, this one too, since it was signed in with the password
 * alone; 204, and the SPA asks them to sign in again with password and code. Cognito is asked with the caller's own
 * token (GetUser needs no IAM rights). Staff routes do the same for a client that never calls this (functions/lib/http.ts).
 */
export const handler = defineRoute({}, async ({ caller, event }) => {
  if (caller.role !== 'admin') throw new ForbiddenError()
  const accessToken = bearerToken(event)
  if (!accessToken) throw new UnauthorizedError()
  const user = await cognitoClient().send(new GetUserCommand({ AccessToken: accessToken }))
  if (!(user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')) throw new ConflictError(NO_AUTHENTICATOR)
  await endSessions({ userId: caller.userId, revoke: { accessToken }, staffMfa: 'recorded' })
  return { statusCode: 204 }
})
