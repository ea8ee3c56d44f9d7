import type { OrderRepository } from '../db/repositories/orders.ts'
import { removeLine } from '../domain/extra-work.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

/** Removes a line that is not waiting for the customer's answer, as long as the total still covers what was paid. */
export async function removeOrderLine({ orders, orderId, lineId, actor, now }: { orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>; orderId: string; lineId: string; actor?: Actor; now?: () => Date }): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: 'order.line_remove', summary: (_, before) => `Removed line: ${before.lines.find((l) => l.lineId === lineId)?.name ?? lineId}` },
    change: (current) => ({ order: removeLine(current, lineId), result: null }) })
  return order
}
