import type { EntityItem } from 'electrodb'
import type { Order } from '../../domain/order.ts'
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
  /** The customer's orders (deleted ones excluded) and the newest of them, as stored on the profile. */
  orderCount?: number
  latestOrder?: LatestOrder | null
}

/** The newest order as the admin customer list shows it. */
export interface LatestOrder {
  orderId: string
  firearmMake: string
  firearmModel: string
  currentStatus: string
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
  /** Replaces the stored order count and latest order (after a delete, recomputed from the orders). */
  setOrderSummary(id: string, summary: { orderCount: number; latestOrder: LatestOrder | null }): Promise<void>
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
    orderCount: i.orderCount ?? 0,
    latestOrder:
      i.latestOrderId && i.latestOrderSummary
        ? {
            orderId: i.latestOrderId,
            firearmMake: i.latestOrderSummary.firearmMake ?? '',
            firearmModel: i.latestOrderSummary.firearmModel ?? '',
            currentStatus: i.latestOrderSummary.currentStatus ?? '',
            createdAt: i.latestOrderSummary.createdAt ?? '',
          }
        : null,
  }
}

/** The latest-order summary of an order (what the customer list shows). */
export const latestOrderOf = (o: Pick<Order, 'orderId' | 'firearmMake' | 'firearmModel' | 'currentStatus' | 'createdAt'>): LatestOrder => ({
  orderId: o.orderId,
  firearmMake: o.firearmMake,
  firearmModel: o.firearmModel,
  currentStatus: o.currentStatus,
  createdAt: o.createdAt,
})

/** The profile attributes that hold a latest order. */
export const latestOrderAttributes = ({ orderId, ...summary }: LatestOrder) => ({ latestOrderId: orderId, latestOrderSummary: summary })

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
    async setOrderSummary(id, { orderCount, latestOrder }) {
      let op = profiles.patch({ userId: id }).set({ orderCount })
      op = latestOrder ? op.set(latestOrderAttributes(latestOrder)) : op.remove(['latestOrderId', 'latestOrderSummary'])
      try {
        await op.go()
      } catch (err) {
        if (!isConditionFailure(err)) throw err
      }
    },
  }
}
