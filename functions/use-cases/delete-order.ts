import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'
import { deleteRefusal } from '../domain/custody.ts'
import { ValidationError } from '../lib/errors.ts'

interface DeleteOrder {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  orderId: string
  actor?: Actor
  now?: () => Date
}

/**
 * Soft delete: the order is kept but hidden from every list and route. The same
 * transaction takes it off the customer's order count and, when it was their latest
 * order, makes the next newest one the latest (the repository keeps the profile summary). An order
 * whose firearm is in the shop's custody (A&D book) is not deleted: the firearm is released first.
 */
export async function deleteOrder({ orders, orderId, actor, now }: DeleteOrder): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: 'order.delete', summary: 'Deleted the order' },
    change: (current, at) => {
      // The book's line of a firearm in custody, or a firearm missing from the book, must stay answerable to its order.
      const refusal = deleteRefusal(current)
      if (refusal) throw new ValidationError(refusal)
      return { order: { ...current, isDeleted: true, deletedAt: at }, result: null }
    },
  })
  return order
}
