import type { Notification, Order, Payment, StatusUpdate } from '#functions/domain/order.ts'
import type { Checkout } from '#functions/domain/payment.ts'
import { cancellationCodes, CONDITION_FAILED, TRANSACTION_CONFLICT } from '../conditions.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import type { EntryChange } from '#functions/domain/ledger-stats.ts'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { counterItems, entryAt, readEntries, stillAs } from './ledger-counters.ts'
import { commitChange, ContendedTransaction, createOrderRepository, ItemConditionFailed, type OrderRepositoryHooks, type Page } from './orders.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'

/** A staff entry and everything it changes, committed as one transaction (OrderRepository.commit). */
export interface LedgerWrite {
  order: { order: Order; expected: number }
  /** Created only if absent: their ids come from the staff request's id, so a retry records nothing twice. */
  create?: Payment[]
  /** An entry's refunded amount moving from → to (conditioned on `from`, so two refunds cannot both take the same money). */
  refunded?: { paymentId: string; fromCents: number; toCents: number }
  /** Fields to set on an existing entry (a refund settled by the provider). */
  settle?: { paymentId: string; set: Pick<Payment, 'paymentStatus'> & Partial<Pick<Payment, 'providerRefundId' | 'notes'>> }
  updates?: StatusUpdate[]
  notifications?: Notification[]
  /** The staff audit records of this write (domain/audit.ts), appended in the same transaction. */
  audit?: AuditEvent[]
  /**
   * The order's open card checkout this write closes (its intent already canceled at the provider: a payment taken
   * in the shop), marked canceled unless it has succeeded; the order is written without it.
   */
  closeCheckout?: string
}

/**
 * The ledger: every entry of every order (payments, refunds, adjustments, credits, card attempts).
 * Card checkouts and the webhook's writes live in payments.ts (so the admin function does not carry
 * the webhook's write path); staff entries are written here, always with their order.
 */
export interface LedgerRepository {
  /** The customer's entries, newest first (gsi1). */
  listForCustomer(customerId: string, opts?: { limit?: number; cursor?: string | null }): Promise<Page<Payment>>
  /** Entries dated at or after `since`, newest first: one page of at most `limit` (reconciliation reads its window page by page). */
  listSince(since: string, page: { limit: number; cursor: string | null }): Promise<Page<Payment>>
  /** One entry of an order, strongly consistent (a write is planned on it). */
  getEntry(orderId: string, paymentId: string): Promise<Payment | null>
  /** The card checkout an order points at, strongly consistent (a payment in the shop closes it first). */
  getCheckout(paymentIntentId: string): Promise<Checkout | null>
  /**
   * One attempt (commitChange): throws VersionConflict when the order moved, ItemConditionFailed when an entry exists or
   * its refunded amount moved, ContendedTransaction when another transaction held an item; the use case reads again and retries.
   */
  write(w: LedgerWrite): Promise<Order>
  /** An entry whose order is written separately (the local demo data): created once, counted in the ledger counters. */
  importEntry(p: Payment): Promise<void>
}

export function createLedgerRepository({ table, client }: TableConfig, hooks: OrderRepositoryHooks = {}): LedgerRepository {
  const service = createService({ table, client })
  const { payment, checkout } = service.entities
  const orders = createOrderRepository({ table, client }, hooks)
  return {
    async listForCustomer(customerId, { limit = 20, cursor = null } = {}) {
      const res = await payment.query.byCustomer({ customerId }).go({ order: 'desc', limit, cursor })
      return { items: res.data as Payment[], cursor: res.cursor ?? null }
    },
    async listSince(since, { limit, cursor }) {
      const res = await payment.query.byLedger({ ledger: 'all' }).gte({ paymentDate: since }).go({ order: 'desc', limit, cursor })
      return { items: res.data as Payment[], cursor: res.cursor ?? null }
    },
    async getEntry(orderId, paymentId) {
      const { data } = await payment.get({ orderId, paymentId }).go({ consistent: true })
      return (data as Payment | null) ?? null
    },
    async getCheckout(paymentIntentId) {
      const { data } = await checkout.get({ paymentIntentId }).go({ consistent: true })
      return (data as Checkout | null) ?? null
    },
    async write(w) {
      const orderId = w.order.order.orderId
      // The entries this write changes, as they are: the counters move by exactly the difference.
      const touched = [w.refunded?.paymentId, w.settle?.paymentId].filter((id): id is string => !!id).map((paymentId) => ({ orderId, paymentId }))
      const before = await readEntries(payment, touched)
      const refundedBefore = w.refunded ? entryAt(before, { orderId, paymentId: w.refunded.paymentId }) : null
      const settleBefore = w.settle ? entryAt(before, { orderId, paymentId: w.settle.paymentId }) : null
      if ((w.refunded && !refundedBefore) || (w.settle && !settleBefore)) throw new ItemConditionFailed(['EntryMissing'])
      const changes: EntryChange[] = [
        ...(w.create ?? []).map((p) => ({ before: null, after: p })),
        ...(refundedBefore ? [{ before: refundedBefore, after: { ...refundedBefore, refundedCents: w.refunded!.toCents } }] : []),
        ...(settleBefore ? [{ before: settleBefore, after: { ...settleBefore, ...w.settle!.set } }] : []),
      ]
      const [written] = await commitChange(orders, {
        orders: [w.order],
        putUpdates: w.updates,
        putNotifications: w.notifications,
        audit: w.audit,
        ledgerChanges: changes,
        items: ({ payment: entries, checkout: checkouts }) => [
          ...(w.create ?? []).map((p) => entries.create(p).commit()),
          ...(w.refunded
            ? [
                entries
                  .patch({ orderId, paymentId: w.refunded.paymentId })
                  .set({ refundedCents: w.refunded.toCents })
                  .where(({ refundedCents, paymentStatus }, { eq, notExists }) =>
                    `${eq(paymentStatus, refundedBefore!.paymentStatus)} AND ${w.refunded!.fromCents === 0 ? `(${notExists(refundedCents)} OR ${eq(refundedCents, 0)})` : eq(refundedCents, w.refunded!.fromCents)}`,
                  )
                  .commit(),
              ]
            : []),
          // The status is part of the ledger indexes' keys, so the partition attribute goes with it.
          ...(w.settle ? [entries.patch({ orderId, paymentId: w.settle.paymentId }).set({ ...w.settle.set, ledger: 'all' }).where(stillAs(settleBefore)).commit()] : []),
          // Canceled at the provider, so it cannot have succeeded since: the condition only guards the record.
          ...(w.closeCheckout
            ? [
                checkouts
                  .patch({ paymentIntentId: w.closeCheckout })
                  .set({ status: 'canceled', updatedAt: w.order.order.updatedAt })
                  .where(({ status }, { ne }) => ne(status, 'succeeded'))
                  .commit(),
              ]
            : []),
        ],
      })
      return written
    },
    async importEntry(p) {
      // Another write may hold the counter shard: the same write again (on another shard, likely).
      await retryOnConflict(
        async () => {
          const result = await service.transaction.write((entities) => [entities.payment.create(p).commit(), ...counterItems(entities, [{ before: null, after: p }])] as never).go()
          if (!result.canceled) return
          const codes = cancellationCodes(result.data)
          if (codes.includes(TRANSACTION_CONFLICT) && !codes.includes(CONDITION_FAILED)) throw new ContendedTransaction(codes)
          throw new Error(`Ledger entry not imported: ${JSON.stringify(codes)}`)
        },
        { exhausted: (err) => new Error(`Ledger entry not imported: ${JSON.stringify((err as ContendedTransaction).codes)}`) },
      )
    },
  }
}

