import { invoiceOf, type Order } from './order.ts'
import { checkoutIsStale } from './payment.ts'
import { countedCents } from './receivables.ts'

/**
 * What an order write stores besides the order, decided here before the transaction: the open checkout a
 * write makes stale is closed, and the receivables count the order with its balance due (OrderRepository.commit
 * stores what it is given: db/repositories/orders.ts).
 */

/** One order of a transaction: created (it must not exist), or written whole over the stored version `expected`. */
export interface OrderWrite {
  order: Order
  expected: 'create' | number
  /** The write soft-deletes the order: it must not have been deleted before. */
  softDelete?: boolean
  /** The write restores a soft-deleted order (its version pins that it still is): it counts for the customer again. */
  restore?: boolean
}

/** An order write as it is stored: with what the receivables count the order with, before (as read) and after. */
export interface DecidedOrderWrite extends OrderWrite {
  /**
   * `before` is what the order was counted with when read (the write is conditioned on it; undefined: an order
   * stored before the receivables, not counted yet), 0 for a created one; `after` is stored on the order.
   */
  receivable: { invoicedAt: string; before: number | undefined; after: number }
}

/** The order as a save over `version` stores it: the next version, stamped with the time of the change. */
export const saved = (o: Order, version: number, at: string): Order => ({ ...o, version: version + 1, updatedAt: at, invoiceLastUpdated: at })

/** What the receivables count an order with: its balance due while not deleted, else 0 (domain/receivables.ts). */
export const receivableCentsOfOrder = (o: Order) => countedCents({ isDeleted: o.isDeleted, balanceDueCents: invoiceOf(o).balanceDueCents })

/**
 * The writes as they are stored, and the checkouts they close: an order whose open checkout no longer matches
 * it (checkoutIsStale: deleted, archived, repriced, or paid meanwhile) is written without it and its checkout is
 * closed in the same transaction (the provider is told afterwards). A created order has no checkout to close.
 */
export function decideOrderWrites(writes: readonly OrderWrite[]): { orders: DecidedOrderWrite[]; closeCheckouts: string[] } {
  const closed = new Set<string>()
  const orders = writes.map((w): DecidedOrderWrite => {
    let order = w.order
    if (w.expected !== 'create' && checkoutIsStale(order)) {
      closed.add(order.openCheckout!.paymentIntentId)
      order = { ...order, openCheckout: undefined }
    }
    return { ...w, order, receivable: { invoicedAt: order.createdAt, before: w.expected === 'create' ? 0 : order.receivableCents, after: receivableCentsOfOrder(order) } }
  })
  return { orders, closeCheckouts: [...closed] }
}
