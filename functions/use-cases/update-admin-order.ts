import { orderMessages } from '@gs/shared/order-messages'
import { adminMessages, defaultStatusNote } from '@gs/shared/admin-messages'
import type { UpdateAdminOrderInput } from '@gs/shared/schemas/admin-orders'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import { assertCoversPaid, checkRelease } from '../domain/extra-work.ts'
import { staffMessageNotification } from '../domain/staff-message-notification.ts'
import type { Order, StatusUpdate } from '../domain/order.ts'
import { sortableId } from '../db/ids.ts'
import { ConflictError } from '../lib/errors.ts'
import { loadStaffOrder, staffUpdate } from './admin-order-write.ts'

/** The history entry of a caliber correction (statusLabel: "Caliber Changed"). */
export const CALIBER_CHANGED = 'caliber_changed'

/** What the history says of a caliber edit, or null when it did not change (blank is none). */
export function caliberChange(before: string | undefined, after: string | undefined): string | null {
  const [was, now] = [before?.trim() || '', after?.trim() || '']
  if (was === now) return null
  if (!was) return `Caliber set to ${now}.`
  return now ? `Caliber changed from ${was} to ${now}.` : `Caliber removed (was ${was}).`
}

interface UpdateAdminOrder {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  input: UpdateAdminOrderInput
  adminId: string
  now?: () => Date
}

/**
 * The admin edit form, against the version the admin loaded: a stale edit is a 409, never a
 * silent overwrite. A status change or a status note adds a history entry (by default "Status
 * updated to {status} - Admin"); a release status with a balance due needs an override reason,
 * recorded in the history; the total may not drop below what was paid. One transaction, so the
 * stored invoice follows at once. The customer is notified of a new status or a status note (one
 * notification for both). A caliber correction is recorded in the history ("Caliber Changed", before →
 * after). Extra work and its approval have their own routes.
 */
export async function updateAdminOrder({ orders, orderId, input, adminId, now = () => new Date() }: UpdateAdminOrder): Promise<Order> {
  const current = await loadStaffOrder({ orders, orderId })
  if (current.version !== input.version) throw new ConflictError(orderMessages.staleOrder)
  const { version, statusNote, releaseOverrideReason, ...fields } = input
  const at = now().toISOString()
  const next: Order = { ...current }
  for (const [key, value] of Object.entries(fields)) {
    // null (or a blank optional text) clears a field; absent leaves it alone.
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value === null ? undefined : value
  }
  if (next.estimatedCostCents !== current.estimatedCostCents) assertCoversPaid(next, 'estimatedCostCents')
  const override = checkRelease(current, next.currentStatus, releaseOverrideReason, 'currentStatus')

  const putUpdates: StatusUpdate[] = []
  if (next.currentStatus !== current.currentStatus || statusNote) {
    putUpdates.push(staffUpdate({ order: next, status: next.currentStatus, notes: statusNote || defaultStatusNote(next.currentStatus), userId: adminId, at }))
  }
  if (override) putUpdates.push(staffUpdate({ order: next, status: HISTORY_EVENTS.releaseOverride, notes: override, userId: adminId, at, seq: 1 }))
  const caliber = caliberChange(current.firearmCaliber, next.firearmCaliber)
  if (caliber) putUpdates.push(staffUpdate({ order: next, status: CALIBER_CHANGED, notes: caliber, userId: adminId, at, seq: 2 }))

  try {
    const notification = staffMessageNotification({ order: next, at, id: sortableId(Date.parse(at)), previousStatus: current.currentStatus, previousTrackingNumber: current.outboundTrackingNumber ?? null, note: statusNote ?? undefined })
    return await orders.saveOrder(next, version, { putUpdates, putNotifications: notification ? [notification] : [] })
  } catch (err) {
    if (err instanceof VersionConflict) throw new ConflictError(orderMessages.staleOrder)
    throw err
  }
}
