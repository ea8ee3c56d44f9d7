import type { AccountState } from '../../functions/db/repositories/account-state.ts'
import type { AccountGate } from '../../functions/lib/http.ts'

/** An account the gate lets in: active, no session ever ended, its authenticator app recorded (staff). */
export const OPEN_ACCOUNT: AccountState = { active: true, sessionsValidFrom: 0, staffMfaRecorded: true, staffRole: 'owner' }

/** A gate for the middy stack without a table or Cognito: `account` is what the profile read answers (null: no profile). */
export function fakeGate({ account = {}, staffMfa = async () => true, changeStaffMfa = async () => undefined }: { account?: Partial<AccountState> | null } & Partial<Pick<AccountGate, 'staffMfa' | 'changeStaffMfa'>> = {}): AccountGate {
  return { check: async () => (account === null ? null : { ...OPEN_ACCOUNT, ...account }), staffMfa, changeStaffMfa, orderAssignee: async () => ({ assignedTo: null }) }
}
