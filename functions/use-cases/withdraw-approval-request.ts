import { adminMessages } from '@gs/shared/admin-messages'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { withdrawRequest } from '../domain/extra-work.ts'
import type { Order } from '../domain/order.ts'
import { changeOrder, staffUpdate } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

/** Staff take back a request the customer has not answered; its lines become drafts again. */
export async function withdrawApprovalRequest({ orders, orderId, requestId, adminId, actor, now }: { orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>; orderId: string; requestId: string; adminId: string; actor?: Actor; now?: () => Date }): Promise<Order> {
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: 'order.approval_withdraw', summary: 'Withdrew an approval request' },
    change: (current, at) => {
      const next = withdrawRequest(current, requestId, { at, by: adminId })
      return { order: next, extras: { putUpdates: [staffUpdate({ order: next, status: HISTORY_EVENTS.approvalWithdrawn, notes: adminMessages.approvalWithdrawnNote, userId: adminId, at })] }, result: null }
    },
  })
  return order
}
