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
import { adminMessages as m } from '@gs/shared/admin-messages'
import { ValidationError } from '../lib/errors.ts'

interface AddStaffUpdate {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  orderId: string
  status: string
  notes?: string
  releaseOverrideReason?: string | null
  /** Tell the customer (default true); false records the update without a notification. */
  notifyCustomer?: boolean
  /** For staff only: not in any customer read and never notified; it cannot change the status. */
  internal?: boolean
  adminId: string
  actor?: Actor
  now?: () => Date
}

/**
 * A staff message: sets the order's status and records it, by default "Status updated to {status} - Admin".
 * A release status with a balance due needs an override reason, recorded in the history. The customer
 * is notified of a new status (with the note, in one notification) or of a note (domain/staff-message-notification.ts).
 */
export async function addStaffUpdate({ orders, orderId, status, notes, releaseOverrideReason, notifyCustomer = true, internal = false, adminId, actor, now }: AddStaffUpdate): Promise<StatusUpdate> {
  if (internal && !notes?.trim()) throw new ValidationError(m.messageEmpty, { notes: m.messageEmpty })
  const text = notes?.trim() || defaultStatusNote(status)
  const { result } = await changeOrder({
    orders,
    orderId,
    now,
    audit: actor && { actor, action: 'order.message_post', summary: `Posted ${internal ? 'an internal note' : 'a message'}: ${statusLabel(status)}${internal || notifyCustomer ? '' : ' (customer not notified)'}`, more: () => [{ field: 'Message', before: '', after: text }] },
    change: (current, at) => {
      if (internal && status !== current.currentStatus) throw new ValidationError(m.internalChangesStatus, { status: m.internalChangesStatus, internal: m.internalChangesStatus })
      checkCustody(current, status, 'status')
      const override = checkRelease(current, status, releaseOverrideReason, 'status')
      const update = staffUpdate({ order: current, status, notes: text, userId: adminId, at, internal })
      // The override's reason is for staff: the customer's timeline shows the status change alone.
      const putUpdates = [update, ...(override ? [staffUpdate({ order: current, status: HISTORY_EVENTS.releaseOverride, notes: override, userId: adminId, at, seq: 1, internal: true })] : [])]
      const next = { ...current, currentStatus: status }
      const notification = notifyCustomer && !internal ? staffMessageNotification({ order: next, at, id: sortableId(Date.parse(at)), previousStatus: current.currentStatus, note: notes }) : null
      return { order: next, extras: { putUpdates, putNotifications: notification ? [notification] : [] }, result: update }
    },
  })
  return result
}
