import { adminMessages, defaultStatusNote } from '@gs/shared/admin-messages'
import type { UpdateAdminOrderInput } from '@gs/shared/schemas/admin-orders'
import { VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import type { Notification, Order, StatusUpdate } from '../domain/order.ts'
import { ConflictError } from '../lib/errors.ts'
import { approvalNotification, loadStaffOrder, staffUpdate } from './admin-order-write.ts'

interface UpdateAdminOrder {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  input: UpdateAdminOrderInput
  adminId: string
  now?: () => Date
}

/**
 * The admin edit form, against the version the admin loaded: a stale edit is a 409,
 * never a silent overwrite. A status change or a status note adds a history entry
 * (by default "Status updated to {status} - Admin"); a pending approval with a note,
 * newly requested or reworded, notifies the customer. One transaction, so the stored
 * invoice follows the new costs at once.
 */
export async function updateAdminOrder({ orders, orderId, input, adminId, now = () => new Date() }: UpdateAdminOrder): Promise<Order> {
  const current = await loadStaffOrder({ orders, orderId })
  if (current.version !== input.version) throw new ConflictError(adminMessages.staleOrder)
  const { version, statusNote, ...fields } = input
  const at = now().toISOString()
  const next: Order = { ...current }
  for (const [key, value] of Object.entries(fields)) {
    // null (or a blank optional text) clears a field; absent leaves it alone.
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value === null ? undefined : value
  }

  const approvalChanged = next.additionalCostApprovalStatus !== current.additionalCostApprovalStatus
  if (approvalChanged) {
    next.additionalCostApprovalDate = next.additionalCostApprovalStatus === 'approved' || next.additionalCostApprovalStatus === 'rejected' ? at : undefined
  }

  const putUpdates: StatusUpdate[] = []
  const statusChanged = next.currentStatus !== current.currentStatus
  if (statusChanged || statusNote) {
    putUpdates.push(staffUpdate({ order: next, status: next.currentStatus, notes: statusNote || defaultStatusNote(next.currentStatus), userId: adminId, at }))
  }

  const putNotifications: Notification[] = []
  const note = next.additionalCostApprovalNote
  const noteChanged = note !== current.additionalCostApprovalNote
  if (next.additionalCostApprovalStatus === 'pending' && note && (approvalChanged || noteChanged)) {
    putNotifications.push(approvalNotification({ order: next, note, at }))
  }

  try {
    return await orders.saveOrder(next, version, { putUpdates, putNotifications })
  } catch (err) {
    if (err instanceof VersionConflict) throw new ConflictError(adminMessages.staleOrder)
    throw err
  }
}
