import { defaultStatusNote } from '@gs/shared/admin-messages'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { StatusUpdate } from '../domain/order.ts'
import { changeOrder, staffUpdate } from './admin-order-write.ts'

interface AddStaffUpdate {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  status: string
  notes?: string
  adminId: string
  now?: () => Date
}

/** A staff message: sets the order's status and records it, by default "Status updated to {status} - Admin". */
export async function addStaffUpdate({ orders, orderId, status, notes, adminId, now }: AddStaffUpdate): Promise<StatusUpdate> {
  const text = notes?.trim() || defaultStatusNote(status)
  const { result } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => {
      const update = staffUpdate({ order: current, status, notes: text, userId: adminId, at })
      return { order: { ...current, currentStatus: status }, extras: { putUpdates: [update] }, result: update }
    },
  })
  return result
}
