import { readAccountState, readOrderAssignee } from '../db/repositories/account-state.ts'
import { defaultTable } from '../db/table.ts'
import type { AccountGate } from '../lib/http.ts'

/** A module of the staff path, imported on its first use and then kept (an import per request costs a loader round trip); a failed import is tried again. */
function lazyImport<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined
      throw err
    }))
}
const staffMfaModule = lazyImport(() => import('./staff-mfa.ts'))
const sessionsModule = lazyImport(() => import('./sessions.ts'))

/**
 * Looks the caller's profile up on every request: a JWT stays valid until it expires (and cognito-local does not
 * enforce AdminDisableUser), so the API itself refuses archived or inactive profiles and sign-ins that have ended
 * (docs/api.md, "Authentication and access" and "Sessions"). Read each time, so an archive or a password change
 * handled by one container is seen by every other at the next request.
 */
export function accountGate(): AccountGate {
  return {
    check: (userId) => readAccountState(defaultTable(), userId),
    staffMfa: async (userId, options) => (await staffMfaModule()).hasStaffMfa(userId, options),
    changeStaffMfa: async (userId, accessToken, staffMfa) => (await sessionsModule()).endSessions({ userId, revoke: { accessToken }, staffMfa }),
    orderAssignee: (orderId) => readOrderAssignee(defaultTable(), orderId),
  }
}
