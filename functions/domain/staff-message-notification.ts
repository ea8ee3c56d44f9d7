import { shippedTexts, staffNoteTexts, statusChangedTexts } from '@gs/shared/notification-texts'
import { statusLabel } from '@gs/shared/statuses'
import { CARRIER_NAMES, trackingLink } from '@gs/shared/tracking'
import { notification, type NotificationOf } from './notifications.ts'
import type { Notification } from './order.ts'

/** Statuses of a firearm on its way back, or back: a return tracking number given then is news. */
const SHIPPED_STATUSES: ReadonlySet<string> = new Set(['shipped', 'delivered'])

/**
 * What a staff message or order edit tells the customer: a status change ('status_changed', with the
 * note staff wrote, if any: one notification, not two), else a return tracking number given or
 * changed once the order has shipped ("Tracking Number Added" / "Tracking Number Updated"), else a
 * note ('staff_note'), else nothing (the status was set again without a note). Shipped and its
 * tracking are essential and carry the number, and the carrier's page when the number names one
 * (shared/src/tracking.ts).
 */
export function staffMessageNotification(
  n: NotificationOf & { previousStatus: string; note?: string; /** Absent: the change cannot touch the tracking number. */ previousTrackingNumber?: string | null },
): Notification | null {
  const { order, previousStatus } = n
  const note = n.note?.trim() || undefined
  const trackingNumber = order.outboundTrackingNumber?.trim() || undefined
  if (order.currentStatus === previousStatus) {
    const before = n.previousTrackingNumber?.trim() || undefined
    const trackingNews = 'previousTrackingNumber' in n && trackingNumber !== undefined && trackingNumber !== before && SHIPPED_STATUSES.has(order.currentStatus)
    if (trackingNews) return shippedNotification(n, before ? 'Tracking Number Updated' : 'Tracking Number Added', trackingNumber, note)
    return note ? notification(n, 'staff_note', (f, o) => staffNoteTexts(f, o, note)) : null
  }
  const label = statusLabel(order.currentStatus)
  if (order.currentStatus !== 'shipped') return notification(n, 'status_changed', (f, o) => statusChangedTexts(f, o, label, note))
  return shippedNotification(n, label, trackingNumber, note)
}

function shippedNotification(n: NotificationOf, label: string, trackingNumber: string | undefined, note: string | undefined): Notification {
  const link = trackingLink(trackingNumber)
  const carrier = link ? CARRIER_NAMES[link.carrier] : undefined
  return notification(n, 'status_changed', (f, o) => shippedTexts(f, o, label, { trackingNumber, carrier, note }), {
    essential: true,
    ...(link ? { trackingUrl: link.url, carrier } : {}),
  })
}
