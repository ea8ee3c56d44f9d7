import { adminMessages } from '@gs/shared/admin-messages'
import { invoiceMessages as im } from '@gs/shared/payment-messages'
import { VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import { invoiceInputsKey, type Order } from '../domain/order.ts'
import { ConflictError, NotFoundError } from '../lib/errors.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Orders = Pick<OrderRepository, 'getOrder' | 'saveOrder'>

/** The order behind the Invoice Refresh Utility's "Order ID" (soft-deleted orders are gone). */
export async function loadInvoiceOrder({ orders, orderId }: { orders: Pick<OrderRepository, 'getOrder'>; orderId: string }): Promise<Order> {
  const id = orderId.trim()
  if (!UUID.test(id)) throw new NotFoundError(im.orderNotFound(`${id} is not a valid order ID`))
  const order = await orders.getOrder(id.toLowerCase())
  if (!order || order.isDeleted) throw new NotFoundError(im.orderNotFound(`no order with ID ${id}`))
  return order
}

async function rewrite({ orders, orderId, change, now }: { orders: Orders; orderId: string; change: (o: Order, at: string) => Order; now: () => Date }): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    const current = await loadInvoiceOrder({ orders, orderId })
    try {
      return await orders.saveOrder(change(current, now().toISOString()), current.version)
    } catch (err) {
      if (err instanceof VersionConflict && attempt < 2) continue
      if (err instanceof VersionConflict) throw new ConflictError(adminMessages.staleOrder)
      throw err
    }
  }
}

/**
 * "Standard Refresh": recomputes the invoice from the order, its parts and
 * payments with the shared calculator (saveOrder stores the summary and stamps
 * lastUpdated) and clears a direct fix.
 */
export function refreshInvoice({ orders, orderId, now = () => new Date() }: { orders: Orders; orderId: string; now?: () => Date }): Promise<Order> {
  return rewrite({ orders, orderId, now, change: (o) => ({ ...o, invoiceFixedAt: undefined, invoiceFixKey: undefined }) })
}

/**
 * "Direct Fix" (admin-side §9): from now on the invoice is total = service +
 * parts (the additional cost) + tax, without shipping, balance = max(0, total -
 * paid), until something the invoice is computed from changes (costs, parts,
 * approval, the shipping choice) or a standard refresh. The invoice id must be
 * the order's (its number, INV-…, is accepted too).
 */
export function fixInvoice({ orders, orderId, invoiceId, now = () => new Date() }: { orders: Orders; orderId: string; invoiceId: string; now?: () => Date }): Promise<Order> {
  return rewrite({
    orders,
    orderId,
    now,
    change: (o, at) => {
      const wanted = invoiceId.trim()
      if (wanted !== o.invoiceId && wanted.toUpperCase() !== o.invoiceNumber.toUpperCase()) {
        throw new NotFoundError(im.invoiceNotFound(`no invoice ${wanted} on order ${o.orderNumber}`))
      }
      return { ...o, invoiceFixedAt: at, invoiceFixKey: invoiceInputsKey(o) }
    },
  })
}
