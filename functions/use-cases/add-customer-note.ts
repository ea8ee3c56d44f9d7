import { CUSTOMER_NOTE } from '@gs/shared/statuses'
import { CUSTOMER_NOTES_PER_HOUR, CUSTOMER_NOTES_PER_ORDER, NOTE_MAX_LENGTH, customerAuthorLabel, orderMessages } from '@gs/shared/order-messages'
import { sortableId } from '../db/ids.ts'
import { SHOP_MESSAGE_KIND, SHOP_RECIPIENT, shopMessageSubject } from '@gs/shared/inbox'
import { customerNoteInboxItems } from '../db/repositories/inbox.ts'
import { NoteItemsMoved, NoteLimitReached, type OrderHistoryRepository } from '../db/repositories/order-history.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order, StatusUpdate } from '../domain/order.ts'
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
 *
 * In the same transaction the order goes on the staff inbox (or its row counts one more message: repositories/inbox.ts)
 * and the shop's email about it is queued (a notification for SHOP_RECIPIENT, sent by the notifier when Settings say so).
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
  let current: Order = order
  for (let attempt = 1; ; attempt++) {
    try {
      const waiting = current
      return await history.addCustomerNote(note, { perOrder: CUSTOMER_NOTES_PER_ORDER, perHour: CUSTOMER_NOTES_PER_HOUR }, (entities) => [
        ...customerNoteInboxItems(entities, waiting, { at, text: notes }),
        entities.notification.create(shopMessageNotification(waiting, note)).commit(),
      ])
    } catch (err) {
      if (err instanceof NoteLimitReached) throw new TooManyRequestsError(err.limit === 'order' ? orderMessages.orderNoteLimit : orderMessages.hourlyNoteLimit)
      // The order was answered, handled or noted meanwhile: plan the inbox again on the order as it is now.
      if (err instanceof NoteItemsMoved && attempt < INBOX_ATTEMPTS) {
        const fresh = await orders.getOrder(order.orderId)
        if (fresh) {
          current = fresh
          continue
        }
      }
      throw err
    }
  }
}

/** Tries of a note whose inbox items met a concurrent change to the order (each reads the order again). */
const INBOX_ATTEMPTS = 3

/** The shop's email about the note (delivered by the notifier to the shop's email; docs/notifications.md). */
function shopMessageNotification(order: Order, note: StatusUpdate) {
  const firearm = `${order.firearmMake} ${order.firearmModel}`.trim()
  return {
    userId: SHOP_RECIPIENT,
    notificationId: `${note.updateId}-${order.orderId}`,
    orderId: order.orderId,
    kind: SHOP_MESSAGE_KIND,
    essential: true,
    title: shopMessageSubject(order.orderNumber, firearm),
    message: note.notes,
    context: `${order.customerName || note.authorLabel} · ${order.orderNumber}`,
    createdAt: note.createdAt,
  }
}
