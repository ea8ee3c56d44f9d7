import type * as Api from '@gs/shared/api-types'
import { orderNotificationsQuerySchema } from '@gs/shared/schemas/order-notifications'
import { defineRoute } from '#functions/lib/http.ts'
import { listOrderNotifications } from '#functions/use-cases/list-order-notifications.ts'
import { notificationDeliveryRepository, orderRepository } from '#functions/compose.ts'
import { presentOrderNotification } from './present-notifications.ts'

/** GET /api/admin/orders/{orderId}/notifications?limit=&cursor=: the customer's notifications about the order, newest first, with their email and SMS delivery. */
export const handler = defineRoute({ query: orderNotificationsQuerySchema }, async ({ params, query }) => {
  const page = await listOrderNotifications({ orders: await orderRepository(), deliveries: await notificationDeliveryRepository(), orderId: params.orderId, limit: query.limit, cursor: query.cursor })
  const body: Api.Page<Api.OrderNotification> = { items: page.items.map(presentOrderNotification), cursor: page.cursor }
  return { body }
})
