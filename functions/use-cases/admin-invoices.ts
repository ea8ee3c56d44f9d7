import { orderMessages } from '@gs/shared/order-messages'
import { formatCents } from '@gs/shared/money'
import { invoiceMessages as im } from '@gs/shared/payment-messages'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { commitChange, type OrderRepository } from '../db/repositories/orders.ts'
import { ledgerTotals } from '../domain/payment.ts'
import { invoiceOf, type Order } from '../domain/order.ts'
import { ConflictError, NotFoundError } from '../lib/errors.ts'
import { isConcurrentChange, retryOnConflict } from '../lib/retry.ts'
import { saved } from '../domain/order-commit.ts'
import { orderAudit, staffUpdate } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

type Orders = Pick<OrderRepository, 'findOrder' | 'resolveOrderId' | 'getOrderDetail' | 'saveOrder' | 'summaries' | 'commit'>

/** The order behind the Invoice Refresh Utility's "Order ID": its id or its number (GS-000123); soft-deleted orders are gone. */
export async function loadInvoiceOrder({ orders, orderId }: { orders: Pick<OrderRepository, 'findOrder'>; orderId: string }): Promise<Order> {
  const typed = orderId.trim()
  const order = await orders.findOrder(typed)
  if (!order || order.isDeleted) throw new NotFoundError(im.orderNotFound(`no order with ID or number ${typed}`))
  return order
}

/**
 * "Standard Refresh": stores the invoice the shared calculator makes from the order's lines,
 * shipping choice and payments (the summary the lists read), stamping lastUpdated. Read again and
 * retried when another write lands in between (lib/retry.ts; a 409 when the attempts run out).
 */
export async function refreshInvoice({ orders, orderId, now = () => new Date() }: { orders: Orders; orderId: string; now?: () => Date }): Promise<Order> {
  return retryOnConflict(
    async () => {
      const current = await loadInvoiceOrder({ orders, orderId })
      const [written] = await commitChange(orders, { orders: [{ order: saved(current, current.version, now().toISOString()), expected: current.version }] })
      return written
    },
    { exhausted: () => new ConflictError(orderMessages.staleOrder) },
  )
}

export interface InvoiceFixResult {
  before: Order
  after: Order
  applied: boolean
}

/**
 * "Direct Fix": the same calculator, with the amount paid re-read from the order's payment records
 * (the ledger), so a paid amount that drifted from what was actually received is put right. With
 * `preview` nothing changes and the admin sees before → after; applying needs the version that was
 * previewed (else 409) and records the fix in the order history. The invoice id must be the order's
 * (its number, INV-…, is accepted too).
 */
export async function fixInvoice({ orders, orderId, invoiceId, preview, version, adminId, actor, now = () => new Date() }: { orders: Orders; orderId: string; invoiceId: string; preview: boolean; version?: number; adminId: string; actor?: Actor; now?: () => Date }): Promise<InvoiceFixResult> {
  // The order with its payments (the ledger the fix re-reads): one Query.
  const id = await orders.resolveOrderId(orderId)
  const detail = id ? await orders.getOrderDetail(id) : null
  if (!detail || detail.order.isDeleted) throw new NotFoundError(im.orderNotFound(`no order with ID or number ${orderId.trim()}`))
  const before = detail.order
  const wanted = invoiceId.trim()
  if (wanted !== before.invoiceId && wanted.toUpperCase() !== before.invoiceNumber.toUpperCase()) {
    throw new NotFoundError(im.invoiceNotFound(`no invoice ${wanted} on order ${before.orderNumber}`))
  }
  const after: Order = { ...before, ...ledgerTotals(detail.payments) }
  if (preview) return { before, after, applied: false }
  if (version !== before.version) throw new ConflictError(im.fixStale)
  const at = now().toISOString()
  const [b, a] = [invoiceOf(before), invoiceOf(after)]
  const note = im.repairedNote(formatCents(b.totalCents), formatCents(a.totalCents), formatCents(b.amountPaidCents), formatCents(a.amountPaidCents))
  try {
    const stored = await orders.saveOrder(after, before.version, { putUpdates: [staffUpdate({ order: after, status: HISTORY_EVENTS.invoiceRepaired, notes: note, userId: adminId, at })], audit: actor ? [orderAudit({ actor, action: 'order.invoice_fix', summary: 'Repaired the invoice' }, before, after, at)] : [] })
    return { before, after: stored, applied: true }
  } catch (err) {
    // The version previewed moved, or other writes kept holding the order: preview again.
    if (isConcurrentChange(err)) throw new ConflictError(im.fixStale)
    throw err
  }
}
