import { formatShopTime, intakeDueAt, intakeDueTexts as t } from '@gs/shared/intake-due'
import type { BoxReceivedInput } from '@gs/shared/schemas/awaiting-intake'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Actor } from '../domain/audit-actor.ts'
import type { Order } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'
import { changeOrder, staffUpdate } from './admin-order-write.ts'

/** The staff-only history entry of a box received (the customer never sees it: the firearm is theirs once its intake is recorded). */
export const BOX_RECEIVED_EVENT = 'box_received'

/**
 * "Box received" (docs/business-rules.md "Boxes awaiting intake"): records when the order's box arrived, before its
 * intake, so its intake is due by the close of the next business day (shared/src/intake-due.ts). The order commit lists
 * it on "awaiting intake" in the same transaction (repositories/awaiting-intake.ts). Refused once the firearm is
 * received (intake recorded) or the box already recorded; the time is not in the future nor before the order.
 */
export async function recordBoxReceived({ orders, orderId, input, adminId, actor, now = () => new Date() }: { orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>; orderId: string; input: BoxReceivedInput; adminId: string; actor: Actor; now?: () => Date }): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => {
      if (current.intake) throw new ValidationError(t.alreadyReceived)
      if (current.boxReceivedAt) throw new ValidationError(t.alreadyBoxReceived)
      const receivedAt = new Date(input.receivedAt ?? at).toISOString()
      if (receivedAt > at) throw new ValidationError(t.notInFuture, { receivedAt: t.notInFuture })
      if (receivedAt < current.createdAt) throw new ValidationError(t.notBeforeOrder, { receivedAt: t.notBeforeOrder })
      const next = { ...current, boxReceivedAt: receivedAt }
      const history = staffUpdate({ order: next, status: BOX_RECEIVED_EVENT, notes: t.historyNote(formatShopTime(receivedAt)), userId: adminId, at, internal: true })
      return { order: next, extras: { putUpdates: [history] }, result: null }
    },
    audit: { actor, action: 'order.box_received', summary: (after) => `Box received ${formatShopTime(after.boxReceivedAt!)}; intake due by ${formatShopTime(intakeDueAt(after.boxReceivedAt!))}` },
  })
  return order
}
