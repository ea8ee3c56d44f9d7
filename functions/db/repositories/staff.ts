import { staffRoleOf, type StaffRole } from '@gs/shared/staff'
import type { EntityItem } from 'electrodb'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import { profileEntity } from '../entities/profile.ts'
import { cancellationCodes, ContendedTransaction, isConditionalFailure, CONDITION_FAILED } from '../conditions.ts'
import { isCursorError } from '../cursor.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { auditWrites, resolveAudit } from './audit.ts'

/** A staff account as the profile holds it (the `admin` profiles of the role index, gsi1). */
export interface StaffAccount {
  id: string
  email: string
  firstName: string
  lastName: string
  staffRole: StaffRole
  isActive: boolean
  /** The API recorded the authenticator app (account-state.ts endSessionsBefore 'recorded'). */
  twoStepSetUp: boolean
  lastSignInAt: string | null
  createdAt: string
  /** The item's last write: a change is made only if nothing changed since it was read. */
  updatedAt?: string
}

/** What an owner changes of a staff account (absent: left alone). */
export interface StaffChange {
  staffRole?: StaffRole
  isActive?: boolean
}

/** The change would leave the shop without an active owner. */
export class LastOwnerError extends Error {
  constructor() {
    super('The last active owner')
    this.name = 'LastOwnerError'
  }
}

/** The cursor given is not one this list gave out. */
export class StaffCursorError extends Error {}

type Item = EntityItem<ReturnType<typeof profileEntity>>

export function toStaffAccount(i: Item): StaffAccount {
  return {
    id: i.userId,
    email: i.email,
    firstName: i.firstName ?? '',
    lastName: i.lastName ?? '',
    staffRole: staffRoleOf(i.staffRole),
    isActive: (i.isActive ?? true) && !i.isArchived,
    twoStepSetUp: i.staffMfaAt !== undefined,
    lastSignInAt: i.lastSignInAt ?? null,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  }
}

/** An active owner: the owner's role (or none stored: a profile from before roles) and not disabled or archived. */
export const isActiveOwner = (s: Pick<StaffAccount, 'staffRole' | 'isActive'>) => s.staffRole === 'owner' && s.isActive

export interface StaffRepository {
  /** One page of the staff (the `admin` partition of the role index), oldest first. */
  pageStaff(q: { limit: number; cursor?: string }): Promise<{ items: StaffAccount[]; cursor: string | null }>
  /** The active gunsmiths (one page of the staff, filtered). */
  activeGunsmiths(limit: number): Promise<StaffAccount[]>
  /** The staff account with this id (strongly consistent), or null when there is none (or it is a customer's). */
  getStaff(id: string): Promise<StaffAccount | null>
  /**
   * Changes the role or the active flag of a staff account, with its audit record, in one transaction; only if the
   * account is unchanged since read. Taking away the last active owner is refused (LastOwnerError): the transaction
   * checks that another active owner still is one, so two owners demoting each other at once cannot both pass.
   */
  changeStaff(id: string, change: StaffChange, audit: (before: StaffAccount, after: StaffAccount) => AuditEvent): Promise<{ before: StaffAccount; after: StaffAccount } | null>
  /** Records a successful sign-in (the post-authentication trigger); a sign-in without a profile writes nothing. */
  recordSignIn(id: string, at: string): Promise<void>
}

/** How many staff accounts the last-owner check looks through for another active owner (one page: a shop has a few). */
const OWNER_SEARCH_PAGE = 100

export function createStaffRepository({ table, client }: TableConfig): StaffRepository {
  const profiles = profileEntity({ table, client })
  const service = createService({ table, client })
  const staff = () => profiles.query.byRole({ role: 'admin' })

  /** Another active owner than `id`, as the role index has it now (eventually consistent: the transaction checks it again). */
  async function anotherActiveOwner(id: string): Promise<string | null> {
    const { data } = await staff()
      .where(({ userId, isActive, isArchived, staffRole }, { ne, eq, notExists }) => `${ne(userId, id)} AND ${ne(isActive, false)} AND ${ne(isArchived, true)} AND (${eq(staffRole, 'owner')} OR ${notExists(staffRole)})`)
      .go({ limit: OWNER_SEARCH_PAGE })
    return data[0]?.userId ?? null
  }

  return {
    async pageStaff({ limit, cursor }) {
      try {
        const res = await staff().go({ order: 'asc', limit, cursor: cursor ?? null })
        return { items: res.data.map(toStaffAccount), cursor: res.cursor ?? null }
      } catch (err) {
        if (cursor && isCursorError(err)) throw new StaffCursorError('Invalid cursor', { cause: err })
        throw err
      }
    },
    async activeGunsmiths(limit) {
      const { data } = await staff()
        .where(({ staffRole, isActive, isArchived }, { eq, ne }) => `${eq(staffRole, 'gunsmith')} AND ${ne(isActive, false)} AND ${ne(isArchived, true)}`)
        .go({ limit })
      return data.map(toStaffAccount)
    },
    async getStaff(id) {
      const { data } = await profiles.get({ userId: id }).go({ consistent: true })
      return data && data.role === 'admin' ? toStaffAccount(data) : null
    },
    async changeStaff(id, change, audit) {
      return retryOnConflict(async () => {
        const before = await this.getStaff(id)
        if (!before) return null
        const after: StaffAccount = { ...before, ...(change.staffRole ? { staffRole: change.staffRole } : {}), ...(change.isActive !== undefined ? { isActive: change.isActive } : {}) }
        const witness = isActiveOwner(before) && !isActiveOwner(after) ? await anotherActiveOwner(id) : undefined
        if (witness === null) throw new LastOwnerError()
        const events = await resolveAudit([audit(before, after)])
        const seen = before.updatedAt
        const result = await service.transaction
          .write(({ profile, auditEvent }) => [
            profile
              .patch({ userId: id })
              .set({ ...(change.staffRole ? { staffRole: change.staffRole } : {}), ...(change.isActive !== undefined ? { isActive: change.isActive } : {}) })
              .where(({ updatedAt }, { eq, notExists }) => (seen ? eq(updatedAt, seen) : notExists(updatedAt)))
              .commit(),
            // The other owner this change leaves in charge is still an active owner when it is made.
            ...(witness
              ? [
                  profile
                    .check({ userId: witness })
                    .where(({ role, staffRole, isActive, isArchived }, { eq, ne, notExists }) => `${eq(role, 'admin')} AND ${ne(isActive, false)} AND ${ne(isArchived, true)} AND (${eq(staffRole, 'owner')} OR ${notExists(staffRole)})`)
                    .commit(),
                ]
              : []),
            ...(auditWrites({ auditEvent }, events) as never[]),
          ])
          .go()
        if (result.canceled) {
          const codes = cancellationCodes(result.data)
          // The account or the other owner moved since they were read: read both again (a lone owner left is then refused).
          if (codes.includes(CONDITION_FAILED) || codes.includes('TransactionConflict')) throw new ContendedTransaction(codes)
          throw new Error(`Staff change not written: ${codes.join(',')}`)
        }
        return { before, after }
      })
    },
    async recordSignIn(id, at) {
      try {
        await profiles
          .patch({ userId: id })
          .set({ lastSignInAt: at })
          .go({ response: 'none' })
      } catch (err) {
        if (!isConditionalFailure(err)) throw err
      }
    },
  }
}

