import { CUSTOMER_NOTE } from '@gs/shared/statuses'
import { CUSTOMER_NOTES_PER_HOUR, CUSTOMER_NOTES_PER_ORDER, NOTE_MAX_LENGTH, customerAuthorLabel, orderMessages } from '@gs/shared/order-messages'
import { sortableId } from '../db/ids.ts'
import { NoteLimitReached, type OrderHistoryRepository } from '../db/repositories/order-history.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { StatusUpdate } from '../domain/order.ts'
import { TooManyRequestsError, ValidationError } from '../lib/errors.ts'
import { loadOwnedOrder } from './get-customer-order.ts'

export interface CustomerRef {
  userId: string
  firstName?: string
}

interface AddCustomerNote {
  orders: Pick<OrderRepository, 'getOrder'>
  history: Pick<OrderHistoryRepository, 'addCustomerNote'>
  orderId: string
  customer: CustomerRef
  text: string
  now?: Date
}

/**
 * A customer's note on their own order. It does not change the order, so it leaves the order's version
 * alone (an admin's open edit stays valid). Marked as a customer note: staff routes never edit or delete
 * it, and customers have no such routes. Limited, so one customer cannot make an order's history (or the
 * shop's day) endless: CUSTOMER_NOTES_PER_ORDER on an order, CUSTOMER_NOTES_PER_HOUR over all their orders
 * (a 429 that says which; staff messages are not limited).
 */
export async function addCustomerNote({ orders, history, orderId, customer, text, now = new Date() }: AddCustomerNote): Promise<StatusUpdate> {
  const notes = text.trim()
  if (!notes) throw new ValidationError(orderMessages.noteEmpty, { text: orderMessages.noteEmpty })
  if (notes.length > NOTE_MAX_LENGTH) throw new ValidationError(orderMessages.noteTooLong, { text: orderMessages.noteTooLong })
  const order = await loadOwnedOrder({ orders, orderId, userId: customer.userId })
  const at = now.toISOString()
  const note: StatusUpdate = {
    orderId: order.orderId,
    updateId: sortableId(now.getTime()),
    status: CUSTOMER_NOTE,
    notes,
    createdBy: customer.userId,
    authorLabel: customerAuthorLabel(customer.firstName),
    isCustomerNote: true,
    createdAt: at,
    updatedAt: at,
  }
  try {
    return await history.addCustomerNote(note, { perOrder: CUSTOMER_NOTES_PER_ORDER, perHour: CUSTOMER_NOTES_PER_HOUR })
  } catch (err) {
    if (err instanceof NoteLimitReached) throw new TooManyRequestsError(err.limit === 'order' ? orderMessages.orderNoteLimit : orderMessages.hourlyNoteLimit)
    throw err
  }
}
