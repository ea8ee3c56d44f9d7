import { adminMessages } from '@gs/shared/admin-messages'
import { VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { ConflictError, NotFoundError } from '../lib/errors.ts'
import { getAdminOrder } from './get-admin-order.ts'

interface RemoveOrderPart {
  orders: Pick<OrderRepository, 'getOrderDetail' | 'saveOrder'>
  orderId: string
  partId: string
}

/** Removes a part line and takes it off the order's parts total in the same transaction. */
export async function removeOrderPart({ orders, orderId, partId }: RemoveOrderPart): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    const { order, parts } = await getAdminOrder({ orders, orderId })
    const part = parts.find((p) => p.partId === partId)
    if (!part) throw new NotFoundError(adminMessages.partNotFound)
    const partsCount = Math.max(0, order.partsCount - 1)
    const next: Order = { ...order, partsCount, partsTotalCents: partsCount ? Math.max(0, order.partsTotalCents - part.partCostCents * part.quantity) : 0 }
    try {
      return await orders.saveOrder(next, order.version, { deleteParts: [partId] })
    } catch (err) {
      // Someone else wrote first (maybe removing this very part): look again.
      if (err instanceof VersionConflict && attempt < 2) continue
      if (err instanceof VersionConflict) throw new ConflictError(adminMessages.staleOrder)
      throw err
    }
  }
}
