import { orderMessages } from '@gs/shared/order-messages'
import { ledgerMessages as lm } from '@gs/shared/payment-rules'
import type { LedgerRepository, LedgerWrite } from '../db/repositories/ledger.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { invoiceOf, type Order, type Payment } from '../domain/order.ts'
import { ledgerFields } from '../domain/payment.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'
import { retryOnConflict } from '../lib/retry.ts'
import { loadStaffOrder, orderAudit, type StaffAction } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

/**
 * What the staff ledger use cases share (record-shop-payment.ts, record-adjustment.ts,
 * refund-entry.ts: one file each, so that each route carries only its own).
 */
export interface Deps {
  orders: Pick<OrderRepository, 'getOrder'>
  ledger: Pick<LedgerRepository, 'getEntry' | 'write'>
  orderId: string
  adminId: string
  /** The staff member (the audit record); absent: no record (tests, scripts). */
  actor?: Actor
  now?: () => Date
}

export interface LedgerResult {
  order: Order
  entry: Payment
}

/** A staff entry's fields; its id comes from the request's id (a retry finds it instead of recording twice). */
export function staffEntry(o: Order, paymentId: string, adminId: string, at: string, fields: Pick<Payment, 'amountCents' | 'paymentMethod' | 'paymentStatus' | 'kind'> & Partial<Payment>): Payment {
  return { ...ledgerFields(o), paymentId, customerId: o.customerId, paymentDate: at, paymentIntentId: '', recordedBy: adminId, ...fields }
}

/**
 * Runs a staff ledger change: read, plan, write in one transaction; on a concurrent change (another staff
 * member or a card payment between our read and write), again on fresh data (lib/retry.ts; a 409 when the
 * attempts run out); a request already recorded (same request id) answers with what it recorded.
 */
export async function recordOnce({ orders, ledger, orderId, entryId, plan, audit }: Pick<Deps, 'orders' | 'ledger' | 'orderId'> & { entryId: string; plan: (order: Order) => LedgerWrite | Promise<LedgerWrite>; audit?: StaffAction<LedgerWrite> }): Promise<LedgerResult> {
  return retryOnConflict(
    async () => {
      const order = await loadStaffOrder({ orders, orderId })
      const done = await ledger.getEntry(orderId, entryId)
      if (done) return { order, entry: done }
      const planned = await plan(order)
      // The audit record: the order before → after (paid, balance due) and what the action adds (the entry).
      const w = audit ? { ...planned, audit: [...(planned.audit ?? []), orderAudit(audit, order, planned.order.order, planned.order.order.updatedAt, planned)] } : planned
      const written = await ledger.write(w)
      return { order: written, entry: (await ledger.getEntry(orderId, entryId))! }
    },
    { exhausted: () => new ConflictError(orderMessages.staleOrder) },
  )
}

/** Money taken or granted in the shop is at most what is owed (an overpayment is a card payment's accident, never staff's). */
export function assertWithinBalance(o: Order, amountCents: number) {
  const balance = invoiceOf(o).balanceDueCents
  if (balance <= 0) throw new ValidationError(lm.noBalanceDue, { amountCents: lm.noBalanceDue })
  if (amountCents > balance) throw new ValidationError(lm.aboveBalance(balance), { amountCents: lm.aboveBalance(balance) })
}

export const bumped = (o: Order, at: string, change: Partial<Order>): Order => ({ ...o, ...change, version: o.version + 1, updatedAt: at, invoiceLastUpdated: at })
