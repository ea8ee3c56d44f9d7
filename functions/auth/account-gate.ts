import { readAccountState, type AccountState } from '../db/repositories/account-state.ts'
import { defaultTable } from '../db/table.ts'
import { env } from '../lib/env.ts'
import type { AccountGate } from '../lib/http.ts'

type Answer = AccountState

const cache = new Map<string, { answer: Answer; expires: number }>()
const MAX_ENTRIES = 5_000

/** How long a container trusts the profile it read for a user (env ACCOUNT_GATE_TTL_SECONDS; 0 turns the cache off). */
const ttlMs = () => env().accountGateTtlSeconds * 1000

/** Drops a user's cached answer in this container (their profile was archived or renamed here). */
let staffMfaModule: Promise<typeof import('./staff-mfa.ts')> | undefined

export function forgetAccount(userId: string) {
  cache.delete(userId)
}

/** Empties the cache: a cold container. */
export function clearAccountCache() {
  cache.clear()
}

/**
 * Looks the caller's profile up: a JWT stays valid until it expires (and cognito-local does not enforce
 * AdminDisableUser), so the API itself refuses archived or inactive profiles. The answer is cached per container for
 * ACCOUNT_GATE_TTL_SECONDS, a missing profile never (docs/api.md, "Authentication and access").
 */
export function accountGate(): AccountGate {
  return {
    async check(userId) {
      const now = Date.now()
      const hit = cache.get(userId)
      if (hit && hit.expires > now) return hit.answer
      const answer = await readAccountState(defaultTable(), userId)
      if (!answer) {
        cache.delete(userId)
        return null
      }
      const ttl = ttlMs()
      if (ttl > 0) {
        if (cache.size >= MAX_ENTRIES) cache.clear()
        cache.set(userId, { answer, expires: now + ttl })
      }
      return answer
    },
    async staffMfa(userId) {
      // Its own chunk, loaded by the first staff request only (then kept: an import per request costs a loader round trip).
      staffMfaModule ??= import('./staff-mfa.ts').catch((err: unknown) => {
        staffMfaModule = undefined
        throw err
      })
      return (await staffMfaModule).hasStaffMfa(userId)
    },
  }
}
