import { createProfileRepository } from '../db/repositories/profiles.ts'
import { defaultTable } from '../db/table.ts'
import type { AccountGate } from './http.ts'

/**
 * Looks the caller's profile up once per request. cognito-local does not enforce
 * AdminDisableUser, and a JWT stays valid until it expires, so the API itself
 * refuses archived or inactive profiles.
 */
export function accountGate(): AccountGate {
  const profiles = createProfileRepository(defaultTable())
  return {
    async check(userId) {
      const p = await profiles.getProfile(userId)
      return p ? { active: p.isActive, firstName: p.firstName || undefined } : null
    },
  }
}
