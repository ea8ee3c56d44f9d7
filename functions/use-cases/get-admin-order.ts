import { orderMessages } from '@gs/shared/order-messages'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { OrderDetail } from '../domain/order.ts'
import { NotFoundError } from '../lib/errors.ts'

/** Any customer's order with its updates (newest first), parts and payments: one Query. Deleted orders are gone. */
export async function getAdminOrder({ orders, orderId }: { orders: Pick<OrderRepository, 'getOrderDetail'>; orderId: string }): Promise<OrderDetail> {
  const detail = orderId ? await orders.getOrderDetail(orderId) : null
  if (!detail || detail.order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
  return detail
}
