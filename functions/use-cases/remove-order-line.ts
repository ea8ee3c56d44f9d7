import type { OrderRepository } from '../db/repositories/orders.ts'
import { removeLine } from '../domain/extra-work.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'

/** Removes a line that is not waiting for the customer's answer, as long as the total still covers what was paid. */
export async function removeOrderLine({ orders, orderId, lineId, now }: { orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>; orderId: string; lineId: string; now?: () => Date }): Promise<Order> {
  const { order } = await changeOrder({ orders, orderId, now, change: (current) => ({ order: removeLine(current, lineId), result: null }) })
  return order
}
