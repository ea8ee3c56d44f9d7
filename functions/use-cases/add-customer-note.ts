import { CUSTOMER_NOTE } from '@gs/shared/statuses'
import { NOTE_MAX_LENGTH, customerAuthorLabel, orderMessages } from '@gs/shared/order-messages'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { StatusUpdateRepository } from '../db/repositories/status-updates.ts'
import type { StatusUpdate } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'
import { loadOwnedOrder } from './get-customer-order.ts'

export interface CustomerRef {
  userId: string
  firstName?: string
}

interface AddCustomerNote {
  orders: Pick<OrderRepository, 'getOrder'>
  statusUpdates: Pick<StatusUpdateRepository, 'add'>
  orderId: string
  customer: CustomerRef
  text: string
  now?: Date
}

/**
 * A customer's note on their own order. It does not change the order, so it is
 * written on its own and leaves the order's version alone (an admin's open edit stays valid).
 * Marked as a customer note: staff routes never edit or delete it, and customers have no such routes.
 */
export async function addCustomerNote({ orders, statusUpdates, orderId, customer, text, now = new Date() }: AddCustomerNote): Promise<StatusUpdate> {
  const notes = text.trim()
  if (!notes) throw new ValidationError(orderMessages.noteEmpty, { text: orderMessages.noteEmpty })
  if (notes.length > NOTE_MAX_LENGTH) throw new ValidationError(orderMessages.noteTooLong, { text: orderMessages.noteTooLong })
  const order = await loadOwnedOrder({ orders, orderId, userId: customer.userId })
  const at = now.toISOString()
  return statusUpdates.add({
    orderId: order.orderId,
    updateId: sortableId(now.getTime()),
    status: CUSTOMER_NOTE,
    notes,
    createdBy: customer.userId,
    authorLabel: customerAuthorLabel(customer.firstName),
    isCustomerNote: true,
    createdAt: at,
    updatedAt: at,
  })
}
