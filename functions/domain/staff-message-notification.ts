import { shippedTexts, staffNoteTexts, statusChangedTexts } from '@gs/shared/notification-texts'
import { statusLabel } from '@gs/shared/statuses'
import { CARRIER_NAMES, trackingLink } from '@gs/shared/tracking'
import { notification, type NotificationOf } from './notifications.ts'
import type { Notification } from './order.ts'

/**
 * What a staff message or order edit tells the customer: a status change ('status_changed', with the
 * note staff wrote, if any: one notification, not two), else a note ('staff_note'), else nothing (the
 * status was set again without a note). Shipped is essential and carries the tracking number, and
 * the carrier's page when the number names one (shared/src/tracking.ts).
 */
export function staffMessageNotification(n: NotificationOf & { previousStatus: string; note?: string }): Notification | null {
  const { order, previousStatus } = n
  const note = n.note?.trim() || undefined
  if (order.currentStatus === previousStatus) return note ? notification(n, 'staff_note', (f, o) => staffNoteTexts(f, o, note)) : null
  const label = statusLabel(order.currentStatus)
  if (order.currentStatus !== 'shipped') return notification(n, 'status_changed', (f, o) => statusChangedTexts(f, o, label, note))
  const trackingNumber = order.outboundTrackingNumber?.trim() || undefined
  const link = trackingLink(trackingNumber)
  const carrier = link ? CARRIER_NAMES[link.carrier] : undefined
  return notification(n, 'status_changed', (f, o) => shippedTexts(f, o, label, { trackingNumber, carrier, note }), {
    essential: true,
    ...(link ? { trackingUrl: link.url, carrier } : {}),
  })
}
