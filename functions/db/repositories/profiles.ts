import { staffRoleOf, type StaffRole } from '@gs/shared/staff'
import type { LatestOrderSummary } from '#functions/domain/latest-order.ts'
import type { Address, UsState } from '@gs/shared/address'
import { emailKeyOf } from '#functions/domain/search.ts'
import type { EntityItem } from 'electrodb'
import type { Order } from '#functions/domain/order.ts'
import { phoneKeyOf, profileEntity } from '../entities/profile.ts'
import type { TableConfig } from '../table.ts'
import { isConditionalFailure } from '../conditions.ts'
import { ConcurrentChange, retryOnConflict } from '#functions/lib/retry.ts'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { writeAudited } from './audited-write.ts'

export interface Profile {
  id: string
  email: string
  firstName: string
  lastName: string
  phone?: string
  /** The mailing address; null (or absent) when the customer has none. */
  address?: Address | null
  enableSmsNotifications: boolean
  /** Emails that are not essential (status changes, notes…); false when the customer turned them off (absent: on). */
  emailOptionalNotifications?: boolean
  isActive: boolean
  isArchived: boolean
  /** When the customer was archived ("deleted"); absent while not archived. */
  archivedAt?: string
  role: 'customer' | 'admin'
  /** Staff: the role (shared/src/staff.ts staffRoleOf: a staff profile without one is the owner's); absent on customers. */
  staffRole?: StaffRole
  createdAt: string
  /** The customer's orders (deleted ones excluded) and the newest of them, as stored on the profile. */
  orderCount?: number
  latestOrder?: LatestOrder | null
}

/** The newest order as the admin customer list shows it. */
export type LatestOrder = LatestOrderSummary

export interface NewProfile {
  id: string
  email: string
  firstName?: string
  lastName?: string
  phone?: string
  address?: Address | null
  enableSmsNotifications?: boolean
  role?: 'customer' | 'admin'
  /** Staff only: the role; the owner when absent. */
  staffRole?: StaffRole
}

/** The fields a write changes (absent: left alone); `address: null` removes the address. */
export type ProfileChanges = Partial<Pick<Profile, 'firstName' | 'lastName' | 'phone' | 'address' | 'enableSmsNotifications' | 'emailOptionalNotifications'>>

export interface ProfileRepository {
  getProfile(id: string): Promise<Profile | null>
  /** With `audit`: the staff audit record, in the same transaction (functions/domain/audit.ts). */
  createProfile(p: NewProfile, audit?: AuditEvent): Promise<Profile>
  /** Creates the profile unless one exists (post-confirmation may be retried); returns the stored one. */
  ensureProfile(p: NewProfile): Promise<Profile>
  /** `audit` builds the staff audit record from the profile as it was (written in the same transaction). */
  updateProfile(id: string, changes: ProfileChanges, audit?: (before: Profile) => AuditEvent): Promise<Profile | null>
  archiveProfile(id: string, audit?: (before: Profile) => AuditEvent): Promise<Profile | null>
  /**
   * Every customer (no admins, no archived), newest first: all pages of the role partition. For the
   * local stack's data fixes at start only (infra/local/seed.ts); request paths read one bounded page
   * (customer-lists.ts).
   */
  listCustomers(): Promise<Profile[]>
  /** The profile with exactly this email (case and surrounding spaces ignored): one Query of the email index. */
  findByEmail(email: string): Promise<Profile | null>
}

type Item = EntityItem<ReturnType<typeof profileEntity>>

/** The profile as stored → the domain Profile (customer-lists.ts reads the same items). */
export function toProfile(i: Item): Profile {
  return {
    id: i.userId,
    email: i.email,
    firstName: i.firstName ?? '',
    lastName: i.lastName ?? '',
    phone: i.phone || undefined,
    address: toAddress(i.address),
    enableSmsNotifications: i.enableSmsNotifications ?? false,
    emailOptionalNotifications: i.emailOptionalNotifications ?? true,
    isActive: (i.isActive ?? true) && !i.isArchived,
    isArchived: i.isArchived ?? false,
    archivedAt: i.archivedAt,
    role: i.role ?? 'customer',
    ...(i.role === 'admin' ? { staffRole: staffRoleOf(i.staffRole) } : {}),
    createdAt: i.createdAt,
    orderCount: i.orderCount ?? 0,
    latestOrder: i.latestOrderId && i.latestOrderSummary ? toLatestOrder(i.latestOrderId, i.latestOrderSummary) : null,
  }
}

function toAddress(a: Item['address']): Address | null {
  if (!a) return null
  return { line1: a.line1, line2: a.line2 || null, city: a.city, state: a.state as UsState, postalCode: a.postalCode }
}

/** The address as stored: a map without an empty second line. */
function storedAddress(a: Address): NonNullable<Item['address']> {
  return { line1: a.line1, ...(a.line2 ? { line2: a.line2 } : {}), city: a.city, state: a.state, postalCode: a.postalCode }
}

/**
 * The stored latest order. A summary without a version was written before the status was
 * kept current (only order create and delete wrote it), so its status may be stale: it is
 * shown as unknown ('') rather than as a status the order may no longer have. The other
 * fields cannot go stale that way except make and model, which are shown as stored.
 * (Local data is brought up to date at start: infra/local/seed.ts.)
 */
function toLatestOrder(orderId: string, s: NonNullable<Item['latestOrderSummary']>): LatestOrder {
  const current = typeof s.version === 'number'
  return {
    orderId,
    firearmMake: s.firearmMake ?? '',
    firearmModel: s.firearmModel ?? '',
    currentStatus: current ? (s.currentStatus ?? '') : '',
    createdAt: s.createdAt ?? '',
    ...(current ? { version: s.version } : {}),
  }
}

export function createProfileRepository({ table, client }: TableConfig): ProfileRepository {
  const profiles = profileEntity({ table, client })

  /** The profile just written (strongly consistent): a transaction answers without it. */
  const readBack = async (id: string) => {
    const { data } = await profiles.get({ userId: id }).go({ consistent: true })
    return data ? toProfile(data) : null
  }

  return {
    async getProfile(id) {
      const { data } = await profiles.get({ userId: id }).go()
      return data ? toProfile(data) : null
    },
    async createProfile(p, audit) {
      const op = profiles.create({
          userId: p.id,
          email: p.email,
          firstName: p.firstName ?? '',
          lastName: p.lastName ?? '',
          phone: p.phone || undefined,
          address: p.address ? storedAddress(p.address) : undefined,
          enableSmsNotifications: p.enableSmsNotifications ?? false,
          role: p.role ?? 'customer',
          ...(p.role === 'admin' ? { staffRole: p.staffRole ?? 'owner' } : {}),
        })
      if (audit) {
        await writeAudited({ table, client }, op, 'Put', [audit])
        return (await readBack(p.id))!
      }
      const { data } = await op.go()
      return toProfile(data)
    },
    async ensureProfile(p) {
      try {
        return await this.createProfile(p)
      } catch (err) {
        if (!isConditionalFailure(err)) throw err
        const existing = await this.getProfile(p.id)
        if (!existing) throw err
        return existing
      }
    },
    async updateProfile(id, changes, audit) {
      // The derived search attributes (entities/profile.ts) see only what a write sets: so each write sets
      // every searched field, from the item read, and only if no write came in between (else read again).
      return retryOnConflict(
        async () => {
          const { data: current } = await profiles.get({ userId: id }).go({ consistent: true })
          if (!current) return null
          const { phone: newPhone, address: newAddress, ...rest } = changes
          const phone = newPhone === undefined ? current.phone : newPhone
          const address = newAddress === undefined ? current.address : newAddress && storedAddress(newAddress)
          const named = { firstName: rest.firstName ?? current.firstName ?? '', lastName: rest.lastName ?? current.lastName ?? '', email: current.email }
          try {
            let op = profiles.patch({ userId: id }).set({ ...rest, ...named })
            op = phone ? op.set({ phone }) : op.remove(['phone'])
            op = address ? op.set({ address }) : op.remove(['address'])
            if (!phoneKeyOf(phone)) op = op.remove(['phoneKey']) // no digits, no key: out of the phone index
            const write = op.where(({ updatedAt }, { eq, notExists }) => (current.updatedAt ? eq(updatedAt, current.updatedAt) : notExists(updatedAt)))
            if (audit) {
              await writeAudited({ table, client }, write, 'Update', [audit(toProfile(current))])
              return await readBack(id)
            }
            const { data } = await write.go({ response: 'all_new' })
            return toProfile(data as Item)
          } catch (err) {
            if (isConditionalFailure(err)) throw new ConcurrentChange('The profile changed since it was read', { cause: err })
            throw err
          }
        },
        // The refusal as the write threw it.
        { exhausted: (err) => (err as Error).cause },
      )
    },
    async archiveProfile(id, audit) {
      try {
        // Archived ends every sign-in: restored later, the customer signs in again (functions/auth/sessions.ts).
        const now = new Date()
        const op = profiles.patch({ userId: id }).set({ isArchived: true, isActive: false, archivedAt: now.toISOString(), sessionsValidFrom: Math.floor(now.getTime() / 1000) })
        if (audit) {
          const before = await readBack(id)
          if (!before) return null
          await writeAudited({ table, client }, op, 'Update', [audit(before)])
          return await readBack(id)
        }
        const { data } = await op.go({ response: 'all_new' })
        return toProfile(data as Item)
      } catch (err) {
        if (isConditionalFailure(err)) return null
        throw err
      }
    },
    async findByEmail(email) {
      const { data } = await profiles.query.byEmail({ emailKey: emailKeyOf(email) }).go({ limit: 1 })
      return data[0] ? toProfile(data[0]) : null
    },
    async listCustomers() {
      const { data } = await profiles.query
        .byRole({ role: 'customer' })
        .where(({ isArchived }, { ne }) => ne(isArchived, true))
        .go({ order: 'desc', pages: 'all' })
      return data.map(toProfile)
    },
  }
}
