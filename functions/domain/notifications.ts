import type { NotificationKind } from '@gs/shared/api-types'
import { notificationContext } from '@gs/shared/notification-format'
import type { Notification, Order } from './order.ts'

/**
 * How every customer notification is built (texts: shared/src/notification-texts.ts and
 * payment-notification-texts.ts): one builder per event, in the file of the routes that write it; the caller writes
 * it in the transaction of the change it tells of (docs/business-rules.md, "Notifications").
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
