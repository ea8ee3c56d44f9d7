import { adminMessages } from '@gs/shared/admin-messages'
import { CUSTOMER_NOTE } from '@gs/shared/statuses'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { StatusUpdateRepository } from '../db/repositories/status-updates.ts'
import type { StatusUpdate } from '../domain/order.ts'
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts'
import { loadStaffOrder } from './admin-order-write.ts'

interface StaffMessageRef {
  orders: Pick<OrderRepository, 'getOrder'>
  statusUpdates: Pick<StatusUpdateRepository, 'get'>
  orderId: string
  updateId: string
}

/** A staff message of a visible order; customer notes belong to the customer and nobody edits or deletes them. */
export async function loadStaffMessage({ orders, statusUpdates, orderId, updateId }: StaffMessageRef): Promise<StatusUpdate> {
  await loadStaffOrder({ orders, orderId })
  const update = updateId ? await statusUpdates.get(orderId, updateId) : null
  if (!update) throw new NotFoundError(adminMessages.messageNotFound)
  if (update.isCustomerNote || update.status === CUSTOMER_NOTE) throw new ForbiddenError(adminMessages.customerNoteLocked)
  return update
}

/** Rewords a staff message; it does not touch the order (its version stays, open edits remain valid). */
export async function editStaffMessage({ statusUpdates, notes, ...ref }: Omit<StaffMessageRef, 'statusUpdates'> & { statusUpdates: Pick<StatusUpdateRepository, 'get' | 'updateNotes'>; notes: string }): Promise<StatusUpdate> {
  const text = notes?.trim() ?? ''
  if (!text) throw new ValidationError(adminMessages.messageEmpty, { notes: adminMessages.messageEmpty })
  await loadStaffMessage({ ...ref, statusUpdates })
  const updated = await statusUpdates.updateNotes(ref.orderId, ref.updateId, text)
  if (!updated) throw new NotFoundError(adminMessages.messageNotFound)
  return updated
}
