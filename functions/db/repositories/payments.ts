import type { Notification, Order, Payment, StatusUpdate } from '../../domain/order.ts'
import { paymentIdFor, paymentSummaryOf, type Checkout } from '../../domain/payment.ts'
import { WEBHOOK_EVENT_TTL_SECONDS } from '../entities/webhook-event.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { isConditionalFailure } from '../conditions.ts'
import { createOrderRepository, ItemConditionFailed, VersionConflict } from './orders.ts'

/** Everything a succeeded PaymentIntent changes, committed as ONE TransactWriteItems. */
export interface SucceededCheckoutWrite {
  paymentIntentId: string
  event: { id: string; type: string; created: number }
  receiptUrl: string | null
  /** One per allocated order; created only if absent (deterministic ids). */
  payments: Payment[]
  /** Whole order items, each written only if its stored version is still `expectedVersion`. */
  orders: Array<{ order: Order; expectedVersion: number }>
  updates: StatusUpdate[]
  notifications: Notification[]
  at: string
}

export type WriteOutcome = { committed: true } | { committed: false; reasons: string[] }

export interface CheckoutEvent {
  status: 'failed' | 'processing' | 'canceled' | 'needs_review'
  eventId: string
  eventCreated: number
  failureMessage?: string
  at: string
}

export interface PaymentRepository {
  /** Strongly consistent: the webhook decides on it. */
  getCheckout(paymentIntentId: string): Promise<Checkout | null>
  /** Creates the checkout, or resets one that has not succeeded (a reused intent). False when it has already succeeded. */
  saveCheckout(checkout: Checkout): Promise<boolean>
  /**
   * The payments recorded for a checkout (one BatchGet by their deterministic keys). Only for
   * checkouts that succeeded before their payments were stored on them (Checkout.payments).
   */
  paymentsForCheckout(checkout: Pick<Checkout, 'paymentIntentId' | 'allocations'>): Promise<Payment[]>
  /**
   * The webhook's success transaction, through OrderRepository.commit (so the orders, their
   * profile summaries and the retry policy are the orders repository's): it also stores the
   * payment summaries on the checkout (the intent status read is that one item). Reports a
   * refused condition (an order changed, the checkout already succeeded, the event already
   * applied) instead of throwing; the caller decides on fresh reads.
   */
  recordSucceededCheckout(write: SucceededCheckoutWrite): Promise<WriteOutcome>
  /**
   * Applies a failed/processing event unless the checkout has succeeded or has
   * already seen a newer event. False when nothing changed (or no such checkout).
   */
  applyCheckoutEvent(paymentIntentId: string, e: CheckoutEvent): Promise<boolean>
}

const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T

export function createPaymentRepository({ table, client }: TableConfig): PaymentRepository {
  const service = createService({ table, client })
  const { checkout, payment } = service.entities
  const orders = createOrderRepository({ table, client })

  return {
    async getCheckout(paymentIntentId) {
      const { data } = await checkout.get({ paymentIntentId }).go({ consistent: true })
      return data ? (clean(data) as Checkout) : null
    },

    async saveCheckout(c) {
      try {
        await checkout
          .put(clean(c))
          .where(({ status }, { notExists, ne }) => `${notExists(status)} OR ${ne(status, 'succeeded')}`)
          .go()
        return true
      } catch (err) {
        if (isConditionalFailure(err)) return false
        throw err
      }
    },

    async paymentsForCheckout(c) {
      if (!c.allocations.length) return []
      const keys = c.allocations.map((a) => ({ orderId: a.orderId, paymentId: paymentIdFor(c.paymentIntentId, a.orderId) }))
      const { data, unprocessed } = await payment.get(keys).go()
      const found = [...data] as Payment[]
      for (const key of unprocessed) {
        const { data: one } = await payment.get(key).go()
        if (one) found.push(one as Payment)
      }
      return found
    },

    async recordSucceededCheckout(w) {
      try {
        await orders.commit({
          orders: w.orders.map(({ order: o, expectedVersion }) => ({ order: o, expected: expectedVersion })),
          putUpdates: w.updates,
          putNotifications: w.notifications,
          items: ({ checkout: checkouts, payment: payments, webhookEvent }) => [
            checkouts
              .patch({ paymentIntentId: w.paymentIntentId })
              .set(clean({ status: 'succeeded' as const, receiptUrl: w.receiptUrl ?? undefined, updatedAt: w.at, lastEventId: w.event.id, lastEventCreated: w.event.created, payments: w.payments.map(paymentSummaryOf) }))
              .remove(['failureMessage'])
              .where(({ status }, { ne }) => ne(status, 'succeeded'))
              .commit(),
            ...w.payments.map((p) => payments.create(clean(p)).commit()),
            webhookEvent
              .create({
                eventId: w.event.id,
                type: w.event.type,
                paymentIntentId: w.paymentIntentId,
                processedAt: w.at,
                ttl: Math.floor(Date.parse(w.at) / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
              })
              .commit(),
          ],
        })
        return { committed: true }
      } catch (err) {
        if (err instanceof VersionConflict) return { committed: false, reasons: ['order changed'] }
        if (err instanceof ItemConditionFailed) return { committed: false, reasons: err.codes }
        throw err
      }
    },

    async applyCheckoutEvent(paymentIntentId, e) {
      try {
        const base = checkout.patch({ paymentIntentId }).set(clean({ status: e.status, updatedAt: e.at, lastEventId: e.eventId, lastEventCreated: e.eventCreated, failureMessage: e.failureMessage }))
        const op = e.failureMessage === undefined ? base.remove(['failureMessage']) : base
        await op
          .where(({ status, lastEventCreated }, { ne, notExists, lte }) => `${ne(status, 'succeeded')} AND (${notExists(lastEventCreated)} OR ${lte(lastEventCreated, e.eventCreated)})`)
          .go()
        return true
      } catch (err) {
        if (isConditionalFailure(err)) return false
        throw err
      }
    },
  }
}
