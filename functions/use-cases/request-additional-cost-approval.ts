import { adminMessages } from '@gs/shared/admin-messages'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'
import { approvalNotification, changeOrder } from './admin-order-write.ts'

interface RequestApproval {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  reason: string
  now?: () => Date
}

/**
 * Asks the customer to approve the additional costs: the request is pending (so not billed
 * until approved) and the customer is notified, in the same transaction as the order.
 * A new request replaces an earlier decision.
 */
export async function requestAdditionalCostApproval({ orders, orderId, reason, now }: RequestApproval): Promise<Order> {
  const why = reason?.trim() ?? ''
  if (!why) throw new ValidationError(adminMessages.approvalReasonRequired, { reason: adminMessages.approvalReasonRequired })
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => {
      const next: Order = {
        ...current,
        additionalCostApprovalStatus: 'pending',
        additionalCostApprovalNote: why,
        additionalCostReason: current.additionalCostReason || why,
        additionalCostApprovalDate: undefined,
        additionalCostRejectionReason: undefined,
      }
      return { order: next, extras: { putNotifications: [approvalNotification({ order: next, note: why, at })] }, result: null }
    },
  })
  return order
}
