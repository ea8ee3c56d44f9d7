import { orderMessages } from '@gs/shared/order-messages'
import { commitChange, ContendedTransaction, type OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { ConflictError, NotFoundError } from '../lib/errors.ts'
import { isConcurrentChange, retryOnConflict } from '../lib/retry.ts'
import { orderAudit, staffUpdate } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

/** The history entry of a restore (statusLabel: "Order Restored"). */
export const ORDER_RESTORED = 'order_restored'
export const ORDER_RESTORED_NOTE = 'The order was restored after it had been deleted.'

interface RestoreOrder {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  orderId: string
  /** The version of the deleted order the admin saw. */
  version: number
  adminId: string
  actor?: Actor
  now?: () => Date
}

/**
 * Undoes a soft delete (delete-order.ts): one transaction through OrderRepository.commit at the version the admin
 * saw (else 409), the order back in the list it was deleted from with an "Order Restored" history entry; an order
 * that is not deleted is answered as it is, an unknown one is a 404 (docs/api.md, "POST /api/admin/orders/{orderId}/restore").
 */
export async function restoreOrder({ orders, orderId, version, adminId, actor, now = () => new Date() }: RestoreOrder): Promise<Order> {
  const current = orderId ? await orders.getOrder(orderId) : null
  if (!current) throw new NotFoundError(orderMessages.orderNotFound)
  if (!current.isDeleted) return current
  if (current.version !== version) throw new ConflictError(orderMessages.staleOrder)
  const at = now().toISOString()
  const restored: Order = { ...current, isDeleted: false, deletedAt: undefined, version: version + 1, updatedAt: at }
  try {
    const [written] = await retryOnConflict(
      () =>
        commitChange(orders, {
          orders: [{ order: restored, expected: version, restore: true }],
          putUpdates: [staffUpdate({ order: restored, status: ORDER_RESTORED, notes: ORDER_RESTORED_NOTE, userId: adminId, at })],
          ...(actor ? { audit: [orderAudit({ actor, action: 'order.restore', summary: 'Restored the order' }, current, restored, at)] } : {}),
        }),
      { retryable: (err) => err instanceof ContendedTransaction },
    )
    return written
  } catch (err) {
    if (isConcurrentChange(err)) throw new ConflictError(orderMessages.staleOrder)
    throw err
  }
}
