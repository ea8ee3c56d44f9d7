import { AdminUserGlobalSignOutCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider'
import { endSessionsBefore, type StaffMfaChange } from '../db/repositories/account-state.ts'
import { defaultTable } from '../db/table.ts'
import { log } from '../lib/logger.ts'
import { cognitoClient } from './cognito.ts'

/** How the person's refresh tokens are revoked at Cognito: with their own access token, or by an admin call on the pool. */
export type Revoke = { accessToken: string } | { userPoolId: string; username: string }

/**
 * Ends every sign-in of this person made until now. Two halves, because a JWT stays valid until it expires:
 *
 * - the profile's `sessionsValidFrom` moves to now, and the API refuses every token whose sign-in (`auth_time`) is
 *   older, from the next request on, in every container (docs/api.md, "Sessions");
 * - Cognito revokes their refresh tokens (GlobalSignOut with their own token, or AdminUserGlobalSignOut), so no
 *   device can mint new tokens either.
 *
 * The person's next sign-in (password, and code for staff) is a new session. A Cognito user that is gone, or a token
 * already revoked, is not an error: there is nothing left to revoke.
 */
export async function endSessions({ userId, revoke, staffMfa, accountDisabled = false }: { userId: string; revoke: Revoke; staffMfa?: StaffMfaChange; accountDisabled?: boolean }): Promise<void> {
  // Sign-in times are whole seconds. A sign-in in the very second of a password change still counts (the SPA signs in
  // again at once with the new password); one in the second an authenticator app was recorded does not (that one was
  // made with the password alone, and the next, with a code, takes longer than that), nor one in the second an account
  // was disabled (no sign-in can follow it until it is enabled again).
  const at = Math.floor(Date.now() / 1000) + (staffMfa === 'recorded' || accountDisabled ? 1 : 0)
  await endSessionsBefore(defaultTable(), userId, at, staffMfa)
  try {
    if ('accessToken' in revoke) await cognitoClient().send(new GlobalSignOutCommand({ AccessToken: revoke.accessToken }))
    else await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: revoke.userPoolId, Username: revoke.username }))
  } catch (err) {
    const name = (err as { name?: string }).name
    if (name !== 'NotAuthorizedException' && name !== 'UserNotFoundException') throw err
  }
  log.info('sessions ended', { userId, staffMfa })
}
