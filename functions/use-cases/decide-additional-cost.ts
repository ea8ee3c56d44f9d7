import { customerAuthorLabel, orderMessages } from '@gs/shared/order-messages'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import { commitChange, type OrderRepository } from '../db/repositories/orders.ts'
import { decideRequest, decisionNote } from '../domain/extra-work.ts'
import type { Order } from '../domain/order.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'
import { retryOnConflict } from '../lib/retry.ts'
import { saved } from '../domain/order-commit.ts'
import type { CustomerRef } from './add-customer-note.ts'
import { loadOwnedOrder } from './get-customer-order.ts'

export type ApprovalDecision = 'approve' | 'reject'

interface DecideAdditionalCost {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
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
 * concurrent write is retried on fresh data (lib/retry.ts; a 409 when the attempts run out); with no
 * pending request it is a 409.
 */
export async function decideAdditionalCost({ orders, orderId, customer, decision, reason, requestId, now = () => new Date() }: DecideAdditionalCost): Promise<Order> {
  const why = reason?.trim() ?? ''
  if (decision === 'reject' && !why) {
    throw new ValidationError(orderMessages.rejectionReasonRequired, { reason: orderMessages.rejectionReasonRequired })
  }
  return retryOnConflict(
    async () => {
      const order = await loadOwnedOrder({ orders, orderId, userId: customer.userId })
      const at = now().toISOString()
      const next = decideRequest(order, { decision, reason: why, requestId }, { at, by: customer.userId })
      const [written] = await commitChange(orders, {
        orders: [{ order: saved(next, order.version, at), expected: order.version }],
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
      return written
    },
    { exhausted: () => new ConflictError(orderMessages.orderChanged) },
  )
}
