import type { LatestOrder, Profile } from '../db/repositories/profiles.ts'
import { listCustomers } from './list-customers.ts'

export interface CustomerRow {
  profile: Profile
  orderCount: number
  latestOrder: LatestOrder | null
}

/**
 * The admin customer list: one bounded page of profiles (list-customers.ts), nothing else read. The order
 * count and the latest order with its current status are stored on each profile, written in the same
 * transaction as every order write (functions/db/repositories/latest-order.ts).
 */
export async function listCustomerRows(deps: Parameters<typeof listCustomers>[0]): Promise<{ items: CustomerRow[]; cursor: string | null }> {
  const page = await listCustomers(deps)
  return { items: page.items.map((profile) => ({ profile, orderCount: profile.orderCount ?? 0, latestOrder: profile.latestOrder ?? null })), cursor: page.cursor }
}
