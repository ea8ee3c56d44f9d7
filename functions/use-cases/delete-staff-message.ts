import type { StatusUpdateRepository } from '../db/repositories/status-updates.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { loadStaffMessage } from './edit-staff-message.ts'

interface DeleteStaffMessage {
  orders: Pick<OrderRepository, 'getOrder'>
  statusUpdates: Pick<StatusUpdateRepository, 'get' | 'remove'>
  orderId: string
  updateId: string
}

/** Deletes a staff message (never a customer note). The order's current status is left as it is. */
export async function deleteStaffMessage({ orders, statusUpdates, orderId, updateId }: DeleteStaffMessage): Promise<void> {
  await loadStaffMessage({ orders, statusUpdates, orderId, updateId })
  await statusUpdates.remove(orderId, updateId)
}
