import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Part } from '../domain/order.ts'
import { getAdminOrder } from './get-admin-order.ts'

/** The order's parts, newest first (one Query on the order's partition). */
export async function listOrderParts({ orders, orderId }: { orders: Pick<OrderRepository, 'getOrderDetail'>; orderId: string }): Promise<Part[]> {
  return (await getAdminOrder({ orders, orderId })).parts
}
