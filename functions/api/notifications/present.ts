import type * as Api from '@gs/shared/api-types'
import type { Notification } from '#functions/domain/order.ts'

/** A notification as the contract shows it (docs/api.md, Notification): here, so that only the notification routes carry it. */
export const presentNotification = (n: Notification): Api.Notification => ({
  id: n.notificationId,
  orderId: n.orderId ?? null,
  title: n.title,
  message: n.message,
  read: n.read,
  createdAt: n.createdAt,
  kind: n.kind ?? null,
  essential: n.essential ?? false,
  context: n.context ?? null,
  trackingUrl: n.trackingUrl ?? null,
  carrier: n.carrier ?? null,
})
