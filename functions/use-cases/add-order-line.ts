import type { AddLineInput } from '@gs/shared/schemas/admin-orders'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { addLine } from '../domain/extra-work.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'

interface AddOrderLine {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  input: AddLineInput
  adminId: string
  now?: () => Date
}

/** A line of extra work (part, labor, other); the invoice follows in the same write. */
export async function addOrderLine({ orders, orderId, input, adminId, now }: AddOrderLine): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => ({ order: addLine(current, input, sortableId(Date.parse(at)), { at, by: adminId }), result: null }),
  })
  return order
}
