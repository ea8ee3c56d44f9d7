import { adminMessages } from '@gs/shared/admin-messages'
import { CUSTOMER_NOTE } from '@gs/shared/statuses'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { StatusUpdateRepository } from '../db/repositories/status-updates.ts'
import type { StatusUpdate } from '../domain/order.ts'
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts'
import { loadStaffOrder } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'
import { statusLabel } from '@gs/shared/statuses'

interface StaffMessageRef {
  orders: Pick<OrderRepository, 'getOrder'>
  statusUpdates: Pick<StatusUpdateRepository, 'get'>
  orderId: string
  updateId: string
}

/** A staff message of a visible order; customer notes belong to the customer and nobody edits or deletes them. */
export async function loadStaffMessage({ orders, statusUpdates, orderId, updateId }: StaffMessageRef): Promise<StatusUpdate> {
  return (await loadStaffMessageOf({ orders, statusUpdates, orderId, updateId })).update
}

/** The staff message with its order (the audit record names the order and its customer). */
export async function loadStaffMessageOf({ orders, statusUpdates, orderId, updateId }: StaffMessageRef) {
  const order = await loadStaffOrder({ orders, orderId })
  const update = updateId ? await statusUpdates.get(orderId, updateId) : null
  if (!update) throw new NotFoundError(adminMessages.messageNotFound)
  if (update.isCustomerNote || update.status === CUSTOMER_NOTE) throw new ForbiddenError(adminMessages.customerNoteLocked)
  return { order, update }
}

/** Rewords a staff message; it does not touch the order (its version stays, open edits remain valid). */
export async function editStaffMessage({ statusUpdates, notes, actor, ...ref }: Omit<StaffMessageRef, 'statusUpdates'> & { statusUpdates: Pick<StatusUpdateRepository, 'get' | 'updateNotes'>; notes: string; actor?: Actor }): Promise<StatusUpdate> {
  const text = notes?.trim() ?? ''
  if (!text) throw new ValidationError(adminMessages.messageEmpty, { notes: adminMessages.messageEmpty })
  const { order, update } = await loadStaffMessageOf({ ...ref, statusUpdates })
  const audit = actor && (await import('../domain/audit.ts')).auditEvent({ actor, action: 'order.message_edit', summary: `Edited a message: ${statusLabel(update.status)}`, order, changes: [{ field: 'Message', before: update.notes, after: text }] })
  const updated = await statusUpdates.updateNotes(ref.orderId, ref.updateId, text, audit)
  if (!updated) throw new NotFoundError(adminMessages.messageNotFound)
  return updated
}
