import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'

interface DeleteOrder {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  now?: () => Date
}

/**
 * Soft delete: the order is kept but hidden from every list and route. The same
 * transaction takes it off the customer's order count and, when it was their latest
 * order, makes the next newest one the latest (the repository keeps the profile summary).
 */
export async function deleteOrder({ orders, orderId, now }: DeleteOrder): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => ({ order: { ...current, isDeleted: true, deletedAt: at }, result: null }),
  })
  return order
}
