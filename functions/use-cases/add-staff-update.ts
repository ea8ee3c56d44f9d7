import { defaultStatusNote } from '@gs/shared/admin-messages'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { checkRelease } from '../domain/release-rule.ts'
import { checkCustody } from '../domain/custody.ts'
import { staffMessageNotification } from '../domain/staff-message-notification.ts'
import type { StatusUpdate } from '../domain/order.ts'
import { sortableId } from '../db/ids.ts'
import { changeOrder, staffUpdate } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'
import { statusLabel } from '@gs/shared/statuses'

interface AddStaffUpdate {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  orderId: string
  status: string
  notes?: string
  releaseOverrideReason?: string | null
  adminId: string
  actor?: Actor
  now?: () => Date
}

/**
 * A staff message: sets the order's status and records it, by default "Status updated to {status} - Admin".
 * A release status with a balance due needs an override reason, recorded in the history. The customer
 * is notified of a new status (with the note, in one notification) or of a note (domain/staff-message-notification.ts).
 */
export async function addStaffUpdate({ orders, orderId, status, notes, releaseOverrideReason, adminId, actor, now }: AddStaffUpdate): Promise<StatusUpdate> {
  const text = notes?.trim() || defaultStatusNote(status)
  const { result } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: 'order.message_post', summary: `Posted a message: ${statusLabel(status)}`, more: () => [{ field: 'Message', before: '', after: text }] },
    change: (current, at) => {
      checkCustody(current, status, 'status')
      const override = checkRelease(current, status, releaseOverrideReason, 'status')
      const update = staffUpdate({ order: current, status, notes: text, userId: adminId, at })
      const putUpdates = [update, ...(override ? [staffUpdate({ order: current, status: HISTORY_EVENTS.releaseOverride, notes: override, userId: adminId, at, seq: 1 })] : [])]
      const next = { ...current, currentStatus: status }
      const notification = staffMessageNotification({ order: next, at, id: sortableId(Date.parse(at)), previousStatus: current.currentStatus, note: notes })
      return { order: next, extras: { putUpdates, putNotifications: notification ? [notification] : [] }, result: update }
    },
  })
  return result
}
