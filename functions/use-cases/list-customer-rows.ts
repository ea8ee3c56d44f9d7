import type { OrderRepository } from '../db/repositories/orders.ts'
import { latestOrderOf, type LatestOrder, type Profile, type ProfileRepository } from '../db/repositories/profiles.ts'
import { listCustomers } from './list-customers.ts'

export interface CustomerRow {
  profile: Profile
  orderCount: number
  latestOrder: LatestOrder | null
}

interface ListCustomerRows {
  profiles: Pick<ProfileRepository, 'listCustomers'>
  orders: Pick<OrderRepository, 'getOrders'>
  search?: string
}

/**
 * The admin customer list. The order count and the latest order are stored on each
 * profile (kept by order create and delete); the latest orders themselves are read in
 * one BatchGet so their status is current whoever changed it (staff, webhook, customer).
 */
export async function listCustomerRows({ profiles, orders, search }: ListCustomerRows): Promise<CustomerRow[]> {
  const customers = await listCustomers({ profiles, search })
  const ids = customers.flatMap((c) => (c.latestOrder ? [c.latestOrder.orderId] : []))
  const current = new Map((await orders.getOrders(ids)).map((o) => [o.orderId, o]))
  return customers.map((profile) => {
    const stored = profile.latestOrder ?? null
    const order = stored ? current.get(stored.orderId) : undefined
    const latestOrder =
      stored && order && !order.isDeleted
        ? latestOrderOf(order)
        : stored && !order
          ? stored
          : null
    return { profile, orderCount: profile.orderCount ?? 0, latestOrder }
  })
}
