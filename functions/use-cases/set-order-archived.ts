import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

interface SetOrderArchived {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  orderId: string
  archived: boolean
  actor?: Actor
  now?: () => Date
}

/** Archive or unarchive: the repository moves the order between the active and archived lists. */
export async function setOrderArchived({ orders, orderId, archived, actor, now }: SetOrderArchived): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: archived ? 'order.archive' : 'order.unarchive', summary: archived ? 'Archived the order' : 'Unarchived the order' },
    change: (current, at) => ({
      order: { ...current, isArchived: archived, archivedAt: archived ? (current.isArchived ? current.archivedAt : at) : undefined },
      result: null,
    }),
  })
  return order
}
