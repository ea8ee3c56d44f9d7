import type { ApprovalRequestInput } from '@gs/shared/schemas/admin-orders'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { requestApproval, requestNote } from '../domain/extra-work.ts'
import { approvalRequestedNotification } from '../domain/order-notifications.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder, staffUpdate } from './admin-order-write.ts'
import { priceLines, type LinePricing } from './price-lines.ts'
import type { Actor } from '../domain/audit-actor.ts'

interface RequestApproval {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  /** The labor rate and the price list, read when a new line needs them (price-lines.ts). */
  pricing?: LinePricing
  orderId: string
  input: ApprovalRequestInput
  adminId: string
  actor?: Actor
  now?: () => Date
}

/**
 * Groups unbilled lines (existing and new) into a request the customer approves or rejects: they are
 * not billed until approved. The customer is notified (the spec's title and message) and the history
 * records the request, in the same transaction as the order.
 */
export async function requestAdditionalCostApproval({ orders, pricing, orderId, input, adminId, actor, now }: RequestApproval): Promise<Order> {
  const lines = await priceLines(input.lines, pricing)
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: 'order.approval_request', summary: `Requested approval: ${input.reason}` },
    change: (current, at) => {
      const t = Date.parse(at)
      const ids = input.lines.map((_, i) => sortableId(t + i + 1))
      const { order: next, request } = requestApproval(current, { reason: input.reason, lineIds: input.lineIds, lines, requestId: sortableId(t), newLineIds: ids }, { at, by: adminId })
      return {
        order: next,
        extras: {
          putUpdates: [staffUpdate({ order: next, status: HISTORY_EVENTS.approvalRequested, notes: requestNote(next, request), userId: adminId, at })],
          putNotifications: [approvalRequestedNotification({ order: next, at, id: sortableId(t), request })],
        },
        result: null,
      }
    },
  })
  return order
}
