import type { NotificationKind } from '@gs/shared/api-types'
import { notificationContext } from '@gs/shared/notification-format'
import type { Notification, Order } from './order.ts'

/**
 * How every customer notification is built (texts: shared/src/notification-texts.ts and
 * payment-notification-texts.ts).
 * Each is for the order's customer, unread, with its kind, whether its mail is essential (payment
 * receipts, refunds and shipped always go) and the context naming the firearm and order number.
 * One builder per event, each in the file of the routes that write it (bundle budget): order created
 * and approval requested in order-notifications.ts, a staff message's (status, note, shipped with
 * its tracking) in staff-message-notification.ts, the payments' in payment-notifications.ts. The
 * caller writes it in the transaction of the change it tells of (OrderRepository.commit
 * `putNotifications`).
 */
export interface NotificationOf {
  /** The order as the change leaves it. */
  order: Order
  at: string
  /** A time-sortable id (db/ids.ts sortableId). */
  id: string
}

/** A notification's title and message, from the firearm ("Colt Python") and the order number. */
export type Texts = (firearm: string, orderNumber: string) => { title: string; message: string }

/** A notification of `kind` for the order's customer; `more` overrides (essential) or adds (tracking). */
export function notification({ order, at, id }: NotificationOf, kind: NotificationKind, texts: Texts, more: Partial<Notification> = {}): Notification {
  const firearm = `${order.firearmMake} ${order.firearmModel}`.trim()
  return {
    userId: order.customerId,
    notificationId: id,
    orderId: order.orderId,
    ...texts(firearm, order.orderNumber),
    read: false,
    createdAt: at,
    kind,
    essential: false,
    context: notificationContext(firearm, order.orderNumber),
    ...more,
  }
}
