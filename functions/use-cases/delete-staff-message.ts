import type { StatusUpdateRepository } from '../db/repositories/status-updates.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { loadStaffMessageOf } from './edit-staff-message.ts'
import type { Actor } from '../domain/audit-actor.ts'
import { statusLabel } from '@gs/shared/statuses'

interface DeleteStaffMessage {
  orders: Pick<OrderRepository, 'getOrder'>
  statusUpdates: Pick<StatusUpdateRepository, 'get' | 'remove'>
  orderId: string
  updateId: string
  actor?: Actor
}

/** Deletes a staff message (never a customer note). The order's current status is left as it is. */
export async function deleteStaffMessage({ orders, statusUpdates, orderId, updateId, actor }: DeleteStaffMessage): Promise<void> {
  const { order, update } = await loadStaffMessageOf({ orders, statusUpdates, orderId, updateId })
  await statusUpdates.remove(orderId, updateId, actor && (await import('../domain/audit.ts')).auditEvent({ actor, action: 'order.message_delete', summary: `Deleted a message: ${statusLabel(update.status)}`, order, changes: [{ field: 'Message', before: update.notes, after: '' }] }))
}
