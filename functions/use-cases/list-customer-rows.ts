import type { LatestOrder, Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { listCustomers } from './list-customers.ts'

export interface CustomerRow {
  profile: Profile
  orderCount: number
  latestOrder: LatestOrder | null
}

interface ListCustomerRows {
  profiles: Pick<ProfileRepository, 'listCustomers'>
  search?: string
}

/**
 * The admin customer list: the profiles Query alone (a bounded read: docs/architecture.md). The order count and the
 * latest order with its current status are stored on each profile, written in the same
 * transaction as every order write (functions/db/repositories/latest-order.ts).
 */
export async function listCustomerRows({ profiles, search }: ListCustomerRows): Promise<CustomerRow[]> {
  const customers = await listCustomers({ profiles, search })
  return customers.map((profile) => ({ profile, orderCount: profile.orderCount ?? 0, latestOrder: profile.latestOrder ?? null }))
}
