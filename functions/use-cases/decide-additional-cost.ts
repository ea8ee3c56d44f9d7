import { customerAuthorLabel, orderMessages } from '@gs/shared/order-messages'
import { sortableId } from '../db/ids.ts'
import { VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'
import type { CustomerRef } from './add-customer-note.ts'
import { loadOwnedOrder } from './get-customer-order.ts'

export type ApprovalDecision = 'approve' | 'reject'

interface DecideAdditionalCost {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  customer: CustomerRef
  decision: ApprovalDecision
  reason?: string
  now?: () => Date
}

/**
 * The customer's answer to a pending additional-cost request. It goes through
 * saveOrder so the stored invoice follows (a pending cost is not billed, an
 * approved one is) and the history entry commits with it. A concurrent write
 * is retried once on fresh data; a request that is no longer pending is a 409.
 */
export async function decideAdditionalCost({ orders, orderId, customer, decision, reason, now = () => new Date() }: DecideAdditionalCost): Promise<Order> {
  const why = reason?.trim() ?? ''
  if (decision === 'reject' && !why) {
    throw new ValidationError(orderMessages.rejectionReasonRequired, { reason: orderMessages.rejectionReasonRequired })
  }
  for (let attempt = 0; ; attempt++) {
    const order = await loadOwnedOrder({ orders, orderId, userId: customer.userId })
    if (order.additionalCostApprovalStatus !== 'pending') throw new ConflictError(orderMessages.noPendingApproval)
    const at = now().toISOString()
    const notes = decision === 'approve' ? orderMessages.customerApproved : orderMessages.customerRejected(why)
    const next: Order =
      decision === 'approve'
        ? { ...order, additionalCostApprovalStatus: 'approved', additionalCostApprovalDate: at, additionalCostApprovalNote: orderMessages.customerApproved }
        : { ...order, additionalCostApprovalStatus: 'rejected', additionalCostApprovalDate: at, additionalCostRejectionReason: why }
    try {
      return await orders.saveOrder(next, order.version, {
        putUpdates: [
          {
            orderId: order.orderId,
            updateId: sortableId(Date.parse(at)),
            status: order.currentStatus,
            notes,
            createdBy: customer.userId,
            authorLabel: customerAuthorLabel(customer.firstName),
            // Written by the customer: staff cannot edit or delete it.
            isCustomerNote: true,
            createdAt: at,
            updatedAt: at,
          },
        ],
      })
    } catch (err) {
      if (err instanceof VersionConflict && attempt === 0) continue
      if (err instanceof VersionConflict) throw new ConflictError(orderMessages.orderChanged)
      throw err
    }
  }
}
