import type { EntityItem } from 'electrodb'
import { profileEntity } from '../entities/profile.ts'
import type { TableConfig } from '../table.ts'

export interface Profile {
  id: string
  email: string
  firstName: string
  lastName: string
  phone?: string
  enableSmsNotifications: boolean
  isActive: boolean
  isArchived: boolean
  role: 'customer' | 'admin'
  createdAt: string
}

export interface NewProfile {
  id: string
  email: string
  firstName?: string
  lastName?: string
  phone?: string
  enableSmsNotifications?: boolean
  role?: 'customer' | 'admin'
}

export type ProfileChanges = Partial<Pick<Profile, 'firstName' | 'lastName' | 'phone' | 'enableSmsNotifications'>>

export interface ProfileRepository {
  getProfile(id: string): Promise<Profile | null>
  createProfile(p: NewProfile): Promise<Profile>
  /** Creates the profile unless one exists (post-confirmation may be retried); returns the stored one. */
  ensureProfile(p: NewProfile): Promise<Profile>
  updateProfile(id: string, changes: ProfileChanges): Promise<Profile | null>
  archiveProfile(id: string): Promise<Profile | null>
  listCustomers(): Promise<Profile[]>
}

type Item = EntityItem<ReturnType<typeof profileEntity>>

function toProfile(i: Item): Profile {
  return {
    id: i.userId,
    email: i.email,
    firstName: i.firstName ?? '',
    lastName: i.lastName ?? '',
    phone: i.phone || undefined,
    enableSmsNotifications: i.enableSmsNotifications ?? false,
    isActive: (i.isActive ?? true) && !i.isArchived,
    isArchived: i.isArchived ?? false,
    role: i.role ?? 'customer',
    createdAt: i.createdAt,
  }
}

const isConditionFailure = (err: unknown) =>
  err instanceof Error && /ConditionalCheckFailed|conditional request failed/i.test(`${err.name} ${err.message} ${(err as { cause?: Error }).cause?.name ?? ''}`)

export function createProfileRepository({ table, client }: TableConfig): ProfileRepository {
  const profiles = profileEntity({ table, client })

  return {
    async getProfile(id) {
      const { data } = await profiles.get({ userId: id }).go()
      return data ? toProfile(data) : null
    },
    async createProfile(p) {
      const { data } = await profiles
        .create({
          userId: p.id,
          email: p.email,
          firstName: p.firstName ?? '',
          lastName: p.lastName ?? '',
          phone: p.phone || undefined,
          enableSmsNotifications: p.enableSmsNotifications ?? false,
          role: p.role ?? 'customer',
        })
        .go()
      return toProfile(data)
    },
    async ensureProfile(p) {
      try {
        return await this.createProfile(p)
      } catch (err) {
        if (!isConditionFailure(err)) throw err
        const existing = await this.getProfile(p.id)
        if (!existing) throw err
        return existing
      }
    },
    async updateProfile(id, changes) {
      const { phone, ...rest } = changes
      try {
        let op = profiles.patch({ userId: id }).set(rest)
        if (phone !== undefined) op = phone ? op.set({ phone }) : op.remove(['phone'])
        const { data } = await op.go({ response: 'all_new' })
        return toProfile(data as Item)
      } catch (err) {
        if (isConditionFailure(err)) return null
        throw err
      }
    },
    async archiveProfile(id) {
      try {
        const { data } = await profiles
          .patch({ userId: id })
          .set({ isArchived: true, isActive: false, archivedAt: new Date().toISOString() })
          .go({ response: 'all_new' })
        return toProfile(data as Item)
      } catch (err) {
        if (isConditionFailure(err)) return null
        throw err
      }
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
