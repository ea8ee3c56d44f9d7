import { bookCheckedWrite } from './custody.ts'
import { invoiceOf, type Order } from './order.ts'
import { checkoutIsStale } from './payment.ts'
import { countedCents } from './receivables.ts'
import { decideWork, type WorkDecision } from './work-dates.ts'

/**
 * What an order write stores besides the order, decided here before the transaction: the open checkout a
 * write makes stale is closed, the invoice summary the lists read is the invoice as the order now stands, the
 * receivables count the order with its balance due, and the A&D book's rules hold (a status needs its book
 * entries; the order is listed among the firearms missing from the book or not: domain/custody.ts)
 * (OrderRepository.commit stores what it is given: db/repositories/orders.ts).
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

/** The invoice as the lists show it without computing it (stored on the order item). */
export interface InvoiceSummary {
  totalCents: number
  balanceDueCents: number
  paymentStatus: ReturnType<typeof invoiceOf>['paymentStatus']
}

/** An order write as it is stored: with its invoice summary, and what the receivables count the order with, before (as read) and after. */
export interface DecidedOrderWrite extends OrderWrite {
  invoice: InvoiceSummary
  /**
   * `before` is what the order was counted with when read (the write is conditioned on it; undefined: an order
   * stored before the receivables, not counted yet), 0 for a created one; `after` is stored on the order.
   */
  receivable: { invoicedAt: string; before: number | undefined; after: number }
  /**
   * Whether the order is listed among the firearms missing from the A&D book: `before` as read (the write is
   * conditioned on it; undefined: an order stored before the list, not listed yet), false for a created one; `after`
   * is stored on the order. The list's item and count move when they differ.
   */
  missing: { before: boolean | undefined; after: boolean }
  /** The dashboard buckets before (as read) and after, and the turnaround this write counts (domain/work-dates.ts). */
  work: WorkDecision
}

/** The order as a save over `version` stores it: the next version, stamped with the time of the change. */
export const saved = (o: Order, version: number, at: string): Order => ({ ...o, version: version + 1, updatedAt: at, invoiceLastUpdated: at })

/** The invoice summary of the order as it stands (the shared calculator's totals: invoiceOf). */
export function invoiceSummaryOf(o: Order): InvoiceSummary {
  const { totalCents, balanceDueCents, paymentStatus } = invoiceOf(o)
  return { totalCents, balanceDueCents, paymentStatus }
}

/**
 * The writes as they are stored, and the checkouts they close: an order whose open checkout no longer matches
 * it (checkoutIsStale: deleted, archived, repriced, or paid meanwhile) is written without it and its checkout is
 * closed in the same transaction (the provider is told afterwards). A created order has no checkout to close.
 * A write the A&D book refuses (bookCheckedWrite: a status without its entries) throws its 400 before anything
 * is written, whichever route made it.
 */
export function decideOrderWrites(writes: readonly OrderWrite[]): { orders: DecidedOrderWrite[]; closeCheckouts: string[] } {
  const closed = new Set<string>()
  const orders = writes.map((w): DecidedOrderWrite => {
    const created = w.expected === 'create'
    const missing = { before: created ? false : w.order.missingFromBook, after: bookCheckedWrite(w.order, { created, softDelete: w.softDelete }) }
    let order = w.order
    if (w.expected !== 'create' && checkoutIsStale(order)) {
      closed.add(order.openCheckout!.paymentIntentId)
      order = { ...order, openCheckout: undefined }
    }
    // The first time the work is finished (its turnaround counted once) and the dashboard's buckets.
    const decided = decideWork(order, { created, at: order.updatedAt })
    order = decided.order
    const invoice = invoiceSummaryOf(order)
    // What the receivables count: the balance due while not deleted, else 0 (domain/receivables.ts).
    const after = countedCents({ isDeleted: order.isDeleted, balanceDueCents: invoice.balanceDueCents })
    return { ...w, order, invoice, receivable: { invoicedAt: order.createdAt, before: created ? 0 : order.receivableCents, after }, missing, work: decided.work }
  })
  return { orders, closeCheckouts: [...closed] }
}
