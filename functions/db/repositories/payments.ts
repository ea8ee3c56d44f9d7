import type { Notification, Order, Payment, StatusUpdate } from '#functions/domain/order.ts'
import { paymentIdFor, paymentSummaryOf, type Checkout } from '#functions/domain/payment.ts'
import { WEBHOOK_EVENT_TTL_SECONDS } from '../entities/webhook-event.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { cancellationCodes, CONDITION_FAILED, isConditionalFailure, TRANSACTION_CONFLICT } from '../conditions.ts'
import { counterItems, entryAt, readEntries, stillAs } from './ledger-counters.ts'
import { notificationWrites } from './notification-writes.ts'
import { commitChange, ContendedTransaction, createOrderRepository, ItemConditionFailed, VersionConflict, type OrderRepositoryHooks } from './orders.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'

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
  /**
   * The attempt in the ledger, written with the checkout: `put` a pending row (processing) or a
   * failed one per decline; `removePending` the checkout's pending rows (it failed or was canceled).
   */
  ledger?: { put: Payment[]; removePending: Array<{ orderId: string; paymentId: string }> }
  /** The customer's notifications of the event (a decline): written with its first delivery only, when a row of `ledger.put` is new. */
  notifications?: Notification[]
}

/** A new checkout, the orders now pointing at it (each over the version read), and the older checkouts it replaces. */
export interface OpenCheckoutWrite {
  checkout: Checkout
  orders: Array<{ order: Order; expected: number }>
  /** Closed (canceled) in the same transaction: already canceled at the provider. */
  cancel: string[]
}


export interface PaymentRepository {
  /** Strongly consistent: the webhook decides on it. */
  getCheckout(paymentIntentId: string): Promise<Checkout | null>
  /** Creates the checkout, or resets one that has not succeeded (a reused intent). False when it has already succeeded. */
  saveCheckout(checkout: Checkout): Promise<boolean>
  /**
   * Stores a checkout as its orders' one open checkout, closing the ones it replaces, in one transaction
   * (OrderRepository.commit, one attempt). Throws VersionConflict when an order moved, ContendedTransaction when
   * another transaction held an item; false when the checkout has already succeeded.
   */
  openCheckout(write: OpenCheckoutWrite): Promise<boolean>
  /**
   * The payments recorded for a checkout (one BatchGet by their deterministic keys). Only for
   * checkouts that succeeded before their payments were stored on them (Checkout.payments).
   */
  paymentsForCheckout(checkout: Pick<Checkout, 'paymentIntentId' | 'allocations'>): Promise<Payment[]>
  /**
   * The webhook's success transaction, through OrderRepository.commit (one attempt; the orders and
   * their profile summaries are the orders repository's): it also stores the payment summaries on the
   * checkout (the intent status read is that one item). Reports a refusal (an order changed, the
   * checkout already succeeded, the event already applied, another transaction held an item) instead
   * of throwing; the caller decides on fresh reads and retries (lib/retry.ts).
   */
  recordSucceededCheckout(write: SucceededCheckoutWrite): Promise<WriteOutcome>
  /** Fills in the receipt of a succeeded checkout whose charge had none when it was recorded: on it, its summaries and its ledger entries. */
  setReceiptUrl(checkout: Pick<Checkout, 'paymentIntentId' | 'payments'>, receiptUrl: string): Promise<void>
  /**
   * Applies a failed/processing event unless the checkout has succeeded or has
   * already seen a newer event. False when nothing changed (or no such checkout).
   */
  applyCheckoutEvent(paymentIntentId: string, e: CheckoutEvent): Promise<boolean>
}

const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T

export function createPaymentRepository({ table, client }: TableConfig, hooks: OrderRepositoryHooks = {}): PaymentRepository {
  const service = createService({ table, client })
  const { checkout, payment } = service.entities
  const orders = createOrderRepository({ table, client }, hooks)

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

    async openCheckout(w) {
      try {
        await commitChange(orders, {
          orders: w.orders,
          items: ({ checkout: checkouts }) => [
            checkouts
              .put(clean(w.checkout))
              .where(({ status }, { notExists, ne }) => `${notExists(status)} OR ${ne(status, 'succeeded')}`)
              .commit(),
            ...w.cancel.map((paymentIntentId) =>
              checkouts
                .patch({ paymentIntentId })
                .set({ status: 'canceled', updatedAt: w.checkout.updatedAt })
                .where(({ status }, { ne }) => ne(status, 'succeeded'))
                .commit(),
            ),
          ],
        })
        return true
      } catch (err) {
        if (err instanceof ItemConditionFailed) return false
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
      // A pending attempt's row may sit where a payment goes: the counters move from what is there.
      const before = await readEntries(payment, w.payments)
      try {
        await commitChange(orders, {
          orders: w.orders.map(({ order: o, expectedVersion }) => ({ order: o, expected: expectedVersion })),
          putUpdates: w.updates,
          putNotifications: w.notifications,
          ledgerChanges: w.payments.map((p) => ({ before: entryAt(before, p), after: p })),
          items: ({ checkout: checkouts, payment: payments, webhookEvent }) => [
            checkouts
              .patch({ paymentIntentId: w.paymentIntentId })
              .set(clean({ status: 'succeeded' as const, receiptUrl: w.receiptUrl ?? undefined, updatedAt: w.at, lastEventId: w.event.id, lastEventCreated: w.event.created, payments: w.payments.map(paymentSummaryOf) }))
              .remove(['failureMessage'])
              .where(({ status }, { ne }) => ne(status, 'succeeded'))
              .commit(),
            // Absent, or the pending attempt's row read above: a successful entry is written once.
            ...w.payments.map((p) => payments.put(clean(p)).where(stillAs(entryAt(before, p))).commit()),
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
        if (err instanceof ItemConditionFailed || err instanceof ContendedTransaction) return { committed: false, reasons: err.codes }
        throw err
      }
    },

    async setReceiptUrl(c, receiptUrl) {
      const summaries = (c.payments ?? []).map((p) => ({ ...p, receiptUrl }))
      await service.transaction
        .write(({ checkout: checkouts, payment: payments }) => [
          checkouts.patch({ paymentIntentId: c.paymentIntentId }).set({ receiptUrl, payments: summaries }).commit(),
          ...summaries.map((p) => payments.patch({ orderId: p.orderId, paymentId: p.paymentId }).set({ receiptUrl }).commit()),
        ] as never)
        .go()
    },

    async applyCheckoutEvent(paymentIntentId, e) {
      return retryOnCheckoutEvent('Checkout event', async () => {
        // The attempt rows as they are, so each write is conditioned on them and the counters move exactly.
        const before = await readEntries(payment, [...(e.ledger?.put ?? []), ...(e.ledger?.removePending ?? [])])
        const removed = (e.ledger?.removePending ?? []).map((k) => entryAt(before, k)).filter((p): p is Payment => !!p)
        const changes = [...(e.ledger?.put ?? []).map((p) => ({ before: entryAt(before, p), after: p })), ...removed.map((p) => ({ before: p, after: null }))]
        return service.transaction
          .write((entities) => {
            const { checkout: checkouts, payment: payments } = entities
            const base = checkouts.patch({ paymentIntentId }).set(clean({ status: e.status, updatedAt: e.at, lastEventId: e.eventId, lastEventCreated: e.eventCreated, failureMessage: e.failureMessage }))
            const op = e.failureMessage === undefined ? base.remove(['failureMessage']) : base
            return [
              op.where(checkoutTakesEvent(e.eventCreated)).commit(),
              // The checkout has not succeeded (the condition above), so its rows are attempts, never a payment.
              ...(e.ledger?.put ?? []).map((p) => payments.put(clean(p)).where(stillAs(entryAt(before, p))).commit()),
              ...removed.map((p) => payments.delete({ orderId: p.orderId, paymentId: p.paymentId }).where(stillAs(p)).commit()),
              ...counterItems(entities, changes),
              // A redelivered event finds its rows written: its customer was told already.
              ...((e.ledger?.put ?? []).some((p) => !entryAt(before, p)) ? notificationWrites(entities, e.notifications ?? []) : []),
            ] as never
          })
          .go()
      })
    },
  }
}

type Where = { ne: (a: any, v: unknown) => string; lte: (a: any, v: unknown) => string; notExists: (a: any) => string }

/** The checkout's condition for an event: it has not succeeded and has not seen a newer event. */
export const checkoutTakesEvent =
  (eventCreated: number) =>
  ({ status, lastEventCreated }: { status: unknown; lastEventCreated: unknown }, { ne, notExists, lte }: Where) =>
    `${ne(status, 'succeeded')} AND (${notExists(lastEventCreated)} OR ${lte(lastEventCreated, eventCreated)})`

/**
 * A checkout event's transaction, with the one retry policy (lib/retry.ts): written (true), refused by the
 * checkout's own condition (false: it succeeded or has seen a newer event), or read again and retried when a
 * ledger row moved between the read and the write or another write held an item.
 */
export async function retryOnCheckoutEvent(what: string, attempt: () => Promise<{ canceled: boolean; data: readonly unknown[] }>): Promise<boolean> {
  return retryOnConflict(
    async () => {
      const result = await attempt()
      if (!result.canceled) return true
      const codes = cancellationCodes(result.data)
      if (codes[0] === CONDITION_FAILED) return false
      if (codes.some((c) => c === CONDITION_FAILED || c === TRANSACTION_CONFLICT)) throw new ContendedTransaction(codes)
      throw new Error(`${what} transaction cancelled: ${JSON.stringify(codes)}`)
    },
    { exhausted: (err) => new Error(`${what} transaction cancelled: ${JSON.stringify((err as ContendedTransaction).codes)}`) },
  )
}
