import type { AddLineInput } from '@gs/shared/schemas/admin-orders'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { addLine } from '../domain/extra-work.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'
import { priceLines, type LinePricing } from './price-lines.ts'
import type { Actor } from '../domain/audit-actor.ts'

interface AddOrderLine {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  /** The labor rate and the price list, read when the line needs them (price-lines.ts). */
  pricing?: LinePricing
  orderId: string
  input: AddLineInput
  adminId: string
  /** The staff member (the audit record); absent: no record (tests, scripts). */
  actor?: Actor
  now?: () => Date
}

/** A line of extra work (part, labor, other); the invoice follows in the same write. */
export async function addOrderLine({ orders, pricing, orderId, input, adminId, actor, now }: AddOrderLine): Promise<Order> {
  const [line] = await priceLines([input], pricing)
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: 'order.line_add', summary: `Added line: ${input.name}` },
    change: (current, at) => ({ order: addLine(current, line, sortableId(Date.parse(at)), { at, by: adminId }), result: null }),
  })
  return order
}
