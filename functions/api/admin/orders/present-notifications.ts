import type * as Api from '@gs/shared/api-types'
import type { ChannelDelivery, DeliveredNotification } from '#functions/db/repositories/notification-delivery.ts'
import { presentNotification } from '#functions/api/notifications/present.ts'

const presentChannel = (d: ChannelDelivery | undefined): Api.NotificationChannelDelivery | null =>
  d ? { status: d.status, attempts: d.attempts ?? 0, at: d.at, reason: d.reason ?? null } : null

/** A notification with its delivery as staff see it on the order (docs/api.md): no provider message ids. */
export const presentOrderNotification = (n: DeliveredNotification): Api.OrderNotification => ({
  ...presentNotification(n),
  delivery: { email: presentChannel(n.delivery?.email), sms: presentChannel(n.delivery?.sms) },
})
