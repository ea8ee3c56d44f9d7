import { ORDER_NOTIFICATIONS_PAGE_SIZE } from '@gs/shared/schemas/order-notifications'
import { orderMessages } from '@gs/shared/order-messages'
import type { DeliveredNotification, NotificationDeliveryRepository } from '../db/repositories/notification-delivery.ts'
import type { OrderRepository, Page } from '../db/repositories/orders.ts'
import { NotFoundError } from '../lib/errors.ts'
import { readPage, type PageQuery } from './list-customer-orders.ts'

/**
 * A page of the notifications the shop sent the customer about one order, newest first, with their
 * delivery by email and SMS (the admin order page). The order's key read (its customer, and a 404 for a
 * missing or deleted order), then one bounded Query of the customer's notifications.
 */
export async function listOrderNotifications({
  orders,
  deliveries,
  orderId,
  limit = ORDER_NOTIFICATIONS_PAGE_SIZE,
  cursor,
}: PageQuery & { orders: Pick<OrderRepository, 'getOrder'>; deliveries: Pick<NotificationDeliveryRepository, 'listForOrder'>; orderId: string }): Promise<Page<DeliveredNotification>> {
  const order = orderId ? await orders.getOrder(orderId) : null
  if (!order || order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
  return readPage(cursor, () => deliveries.listForOrder(order.customerId, order.orderId, { limit, cursor: cursor || null }))
}
