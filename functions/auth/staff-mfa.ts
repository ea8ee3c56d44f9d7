import { env, requireEnv } from '../lib/env.ts'
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { cognitoClient } from './cognito.ts'

/** Admins this container has seen with an authenticator app, until when it trusts that (ms since epoch). */
const enrolled = new Map<string, number>()
const MAX_ENTRIES = 1_000


/**
 * Whether this admin has enrolled an authenticator app (TOTP) in the user pool: Cognito then asks for its code at
 * every sign-in (the pool's MFA is optional, since customers never use it). Staff routes are refused until then, on
 * the server, whatever the SPA shows. Read with AdminGetUser (the caller's sub is its user name in an email pool).
 *
 * Loaded only by staff routes (customers' requests never load it). A yes is cached per container for
 * STAFF_MFA_TTL_SECONDS (30 s by default): an admin who turns their authenticator off is refused within that time. A
 * no is never cached, so enrolling counts at once; `fresh` asks Cognito whatever the cache says.
 */
export async function hasStaffMfa(userId: string, { fresh = false }: { fresh?: boolean } = {}): Promise<boolean> {
  const now = Date.now()
  if (!fresh && (enrolled.get(userId) ?? 0) > now) return true
  let user: { Enabled?: boolean; UserMFASettingList?: string[] }
  try {
    user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: requireEnv('userPoolId').userPoolId, Username: userId }))
  } catch (err) {
    if ((err as { name?: string }).name === 'UserNotFoundException') return false
    throw err
  }
  const yes = user.Enabled !== false && (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')
  const ttl = env().staffMfaTtlSeconds * 1000
  if (yes && ttl > 0) {
    if (enrolled.size >= MAX_ENTRIES) enrolled.clear()
    enrolled.set(userId, now + ttl)
  }
  return yes
}
