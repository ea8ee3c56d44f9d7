import { customerAuthorLabel, orderMessages } from '@gs/shared/order-messages'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import { VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import { decideRequest, decisionNote } from '../domain/extra-work.ts'
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
  /** The request the customer read: refused (409) when another one is pending now. */
  requestId?: string
  now?: () => Date
}

/**
 * The customer's answer to the pending approval request: its lines become billed (approve) or are
 * never billed (reject), and the history entry, titled by what happened, commits with it. A
 * concurrent write is retried once on fresh data; with no pending request it is a 409.
 */
export async function decideAdditionalCost({ orders, orderId, customer, decision, reason, requestId, now = () => new Date() }: DecideAdditionalCost): Promise<Order> {
  const why = reason?.trim() ?? ''
  if (decision === 'reject' && !why) {
    throw new ValidationError(orderMessages.rejectionReasonRequired, { reason: orderMessages.rejectionReasonRequired })
  }
  for (let attempt = 0; ; attempt++) {
    const order = await loadOwnedOrder({ orders, orderId, userId: customer.userId })
    const at = now().toISOString()
    const next = decideRequest(order, { decision, reason: why, requestId }, { at, by: customer.userId })
    try {
      return await orders.saveOrder(next, order.version, {
        putUpdates: [
          {
            orderId: order.orderId,
            updateId: sortableId(Date.parse(at)),
            status: decision === 'approve' ? HISTORY_EVENTS.costsApproved : HISTORY_EVENTS.costsRejected,
            notes: decisionNote(decision, why),
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
