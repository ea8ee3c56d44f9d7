import type { Notification, Order, Payment, StatusUpdate } from '#functions/domain/order.ts'
import { paymentEntity } from '../entities/payment.ts'
import type { TableConfig } from '../table.ts'
import { createOrderRepository, type OrderRepositoryHooks, type Page } from './orders.ts'

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
}

/**
 * The ledger: every entry of every order (payments, refunds, adjustments, credits, card attempts).
 * Card checkouts and the webhook's writes live in payments.ts (so the admin function does not carry
 * the webhook's write path); staff entries are written here, always with their order.
 */
export interface LedgerRepository {
  /** The customer's entries, newest first (gsi1). */
  listForCustomer(customerId: string, opts?: { limit?: number; cursor?: string | null }): Promise<Page<Payment>>
  /** Every entry, newest first (gsi2, the ledger partition): one Query, paged through. */
  listLedger(): Promise<Payment[]>
  /** Entries dated at or after `since`, newest first, at most `limit` (reconciliation: a bounded window of the ledger index). */
  listSince(since: string, limit: number): Promise<Payment[]>
  /** One entry of an order, strongly consistent (a write is planned on it). */
  getEntry(orderId: string, paymentId: string): Promise<Payment | null>
  /** Throws VersionConflict when the order moved, ItemConditionFailed when an entry exists or its refunded amount moved. */
  write(w: LedgerWrite): Promise<Order>
}

export function createLedgerRepository({ table, client }: TableConfig, hooks: OrderRepositoryHooks = {}): LedgerRepository {
  const payment = paymentEntity({ table, client })
  const orders = createOrderRepository({ table, client }, hooks)
  return {
    async listForCustomer(customerId, { limit = 20, cursor = null } = {}) {
      const res = await payment.query.byCustomer({ customerId }).go({ order: 'desc', limit, cursor })
      return { items: res.data as Payment[], cursor: res.cursor ?? null }
    },
    async listLedger() {
      const { data } = await payment.query.byLedger({ ledger: 'all' }).go({ order: 'desc', pages: 'all' })
      return data as Payment[]
    },
    async listSince(since, limit) {
      const { data } = await payment.query.byLedger({ ledger: 'all' }).gte({ paymentDate: since }).go({ order: 'desc', count: limit })
      return data as Payment[]
    },
    async getEntry(orderId, paymentId) {
      const { data } = await payment.get({ orderId, paymentId }).go({ consistent: true })
      return (data as Payment | null) ?? null
    },
    async write(w) {
      const orderId = w.order.order.orderId
      const [written] = await orders.commit({
        orders: [w.order],
        putUpdates: w.updates,
        putNotifications: w.notifications,
        items: ({ payment: entries }) => [
          ...(w.create ?? []).map((p) => entries.create(p).commit()),
          ...(w.refunded
            ? [
                entries
                  .patch({ orderId, paymentId: w.refunded.paymentId })
                  .set({ refundedCents: w.refunded.toCents })
                  .where(({ refundedCents }, { eq, notExists }) => (w.refunded!.fromCents === 0 ? `${notExists(refundedCents)} OR ${eq(refundedCents, 0)}` : eq(refundedCents, w.refunded!.fromCents)))
                  .commit(),
              ]
            : []),
          ...(w.settle ? [entries.patch({ orderId, paymentId: w.settle.paymentId }).set(w.settle.set).commit()] : []),
        ],
      })
      return written
    },
  }
}
