import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'

interface SetOrderArchived {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  archived: boolean
  now?: () => Date
}

/** Archive or unarchive: the repository moves the order between the active and archived lists. */
export async function setOrderArchived({ orders, orderId, archived, now }: SetOrderArchived): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => ({
      order: { ...current, isArchived: archived, archivedAt: archived ? (current.isArchived ? current.archivedAt : at) : undefined },
      result: null,
    }),
  })
  return order
}
