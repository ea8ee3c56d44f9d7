import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order, StatusUpdate } from '../domain/order.ts'
import { getCustomerOrder, type OwnedOrderQuery } from './get-customer-order.ts'

/** The caller's orders, newest first, deleted ones left out (one index query). */
export async function listCustomerOrders({ orders, userId }: { orders: Pick<OrderRepository, 'listOrdersForCustomer'>; userId: string }): Promise<Order[]> {
  const list = await orders.listOrdersForCustomer(userId)
  return list.filter((o) => !o.isDeleted && o.customerId === userId)
}

/** Status history and notes of the caller's order, newest first. */
export async function listCustomerOrderUpdates({ orders, orderId, userId }: OwnedOrderQuery & { orders: Pick<OrderRepository, 'getOrderDetail'> }): Promise<StatusUpdate[]> {
  const { updates } = await getCustomerOrder({ orders, orderId, userId })
  return updates
}
