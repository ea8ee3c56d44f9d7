import type { OrderRepository } from '../db/repositories/orders.ts'
import { latestOrderOf, type ProfileRepository } from '../db/repositories/profiles.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'

interface DeleteOrder {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder' | 'listOrdersForCustomer'>
  profiles: Pick<ProfileRepository, 'setOrderSummary'>
  orderId: string
  now?: () => Date
}

/**
 * Soft delete: the order is kept but hidden from every list and route. The customer's
 * order count and latest order are then recomputed from their remaining orders.
 */
export async function deleteOrder({ orders, profiles, orderId, now }: DeleteOrder): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => ({ order: { ...current, isDeleted: true, deletedAt: at }, result: null }),
  })
  const remaining = await orders.listOrdersForCustomer(order.customerId)
  const [latest] = remaining
  await profiles.setOrderSummary(order.customerId, {
    orderCount: remaining.length,
    latestOrder: latest ? latestOrderOf(latest) : null,
  })
  return order
}
