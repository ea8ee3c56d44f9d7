import { orderMessages } from '@gs/shared/order-messages'
import { adminMessages, defaultStatusNote } from '@gs/shared/admin-messages'
import type { UpdateAdminOrderInput } from '@gs/shared/schemas/admin-orders'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { assertCoversPaid } from '../domain/extra-work.ts'
import { checkRelease } from '../domain/release-rule.ts'
import { staffMessageNotification } from '../domain/staff-message-notification.ts'
import { checkBookFields, checkCustody } from '../domain/custody.ts'
import { compactAddress } from '@gs/shared/address'
import type { Order, StatusUpdate } from '../domain/order.ts'
import { sortableId } from '../db/ids.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'
import { isConcurrentChange } from '../lib/retry.ts'
import { bookMessages } from '@gs/shared/book'
import { loadStaffOrder, orderAudit, staffUpdate } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

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
  /** The staff member (the audit record); absent: no record (tests, scripts). */
  actor?: Actor
  now?: () => Date
}

/**
 * The admin edit form, against the version the admin loaded (a stale edit is a 409, never a silent overwrite), in
 * one transaction with its history entry and at most one notification; extra work and its approval have their own
 * routes (docs/api.md, "PATCH /api/admin/orders/{orderId}").
 */
export async function updateAdminOrder({ orders, orderId, input, adminId, actor, now = () => new Date() }: UpdateAdminOrder): Promise<Order> {
  const current = await loadStaffOrder({ orders, orderId })
  if (current.version !== input.version) throw new ConflictError(orderMessages.staleOrder)
  const { version, statusNote, releaseOverrideReason, returnMethod, conditionNotes, itemsReceived, notifyCustomer = true, ...fields } = input
  const at = now().toISOString()
  const next: Order = { ...current }
  for (const [key, value] of Object.entries(fields)) {
    // null (or a blank optional text) clears a field; absent leaves it alone.
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value === null ? undefined : value
  }
  // The return method is the return shipping the invoice bills ($25 to ship, none to pick up).
  if (returnMethod) next.shippingSelected = returnMethod === 'ship'
  // The intake's notes are not A&D columns: staff edit them in place (the audit record keeps before → after).
  if (conditionNotes !== undefined || itemsReceived !== undefined) {
    if (!next.intake) throw new ValidationError(bookMessages.notReceived, { [conditionNotes !== undefined ? 'conditionNotes' : 'itemsReceived']: bookMessages.notReceived })
    next.intake = { ...next.intake, ...(conditionNotes !== undefined ? { conditionNotes: conditionNotes ?? '' } : {}), ...(itemsReceived !== undefined ? { itemsReceived: itemsReceived ?? '' } : {}) }
  }
  next.returnAddress = compactAddress(next.returnAddress)
  if (next.estimatedCostCents !== current.estimatedCostCents) assertCoversPaid(next, 'estimatedCostCents')
  if (next.shippingSelected !== current.shippingSelected) assertCoversPaid(next, 'returnMethod')
  checkBookFields(current, next)
  checkCustody(current, next.currentStatus, 'currentStatus')
  const override = checkRelease(current, next.currentStatus, releaseOverrideReason, 'currentStatus')

  const putUpdates: StatusUpdate[] = []
  if (next.currentStatus !== current.currentStatus || statusNote) {
    putUpdates.push(staffUpdate({ order: next, status: next.currentStatus, notes: statusNote || defaultStatusNote(next.currentStatus), userId: adminId, at }))
  }
  // The override's reason is for staff: the customer's timeline shows the status change alone.
  if (override) putUpdates.push(staffUpdate({ order: next, status: HISTORY_EVENTS.releaseOverride, notes: override, userId: adminId, at, seq: 1, internal: true }))
  const caliber = caliberChange(current.firearmCaliber, next.firearmCaliber)
  if (caliber) putUpdates.push(staffUpdate({ order: next, status: CALIBER_CHANGED, notes: caliber, userId: adminId, at, seq: 2 }))

  try {
    const notification = notifyCustomer && staffMessageNotification({ order: next, at, id: sortableId(Date.parse(at)), previousStatus: current.currentStatus, previousTrackingNumber: current.outboundTrackingNumber ?? null, note: statusNote ?? undefined })
    const audit = actor ? [orderAudit({ actor, action: 'order.update', summary: notifyCustomer ? 'Edited the order' : 'Edited the order (customer not notified)', more: () => (statusNote ? [{ field: 'Status note', before: '', after: statusNote }] : []) }, current, next, at)] : []
    return await orders.saveOrder(next, version, { putUpdates, putNotifications: notification ? [notification] : [], audit })
  } catch (err) {
    // The version the admin loaded moved (saveOrder retries only what the same write can get past): reload.
    if (isConcurrentChange(err)) throw new ConflictError(orderMessages.staleOrder)
    throw err
  }
}
