import { ADMIN_AUTHOR_LABEL } from '@gs/shared/statuses'
import { SYSTEM_USER, whenPaidInFull } from './paid-in-full.ts'
import { formatCents } from '@gs/shared/money'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { paymentMessages as m } from '@gs/shared/payment-messages'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { CheckoutReviewRepository } from '../db/repositories/checkout-review.ts'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import { invoiceOf, type Notification, type Order, type Payment, type StatusUpdate } from '../domain/order.ts'
import { paymentFailedNotification, paymentReceivedNotification } from '../domain/payment-notifications.ts'
import { allocatePayment, ledgerFields, paymentIdFor, type Checkout } from '../domain/payment.ts'
import { log } from '../lib/logger.ts'
import { ConcurrentChange, retryOnConflict, WRITE_ATTEMPTS } from '../lib/retry.ts'
import type { PaymentGateway, ProviderIntent } from '../payments/gateway.ts'
import type { PaymentIntentEvent } from '../payments/stripe-events.ts'

/** The log field the payments alarm counts (infra: a metric filter on { $.alert = "payment_review" }). */
export const PAYMENT_REVIEW_ALERT = 'payment_review'

export type EventOutcome = 'recorded' | 'duplicate' | 'updated' | 'unchanged' | 'unknown_intent' | 'ignored' | 'not_confirmed'


interface HandleStripeEvent {
  event: PaymentIntentEvent
  orders: Pick<OrderRepository, 'getOrders'>
  payments: Pick<PaymentRepository, 'getCheckout' | 'recordSucceededCheckout' | 'applyCheckoutEvent'> & Pick<CheckoutReviewRepository, 'recordUnconfirmed'>
  gateway: Pick<PaymentGateway, 'retrieveIntent'>
  now?: () => Date
  /**
   * Transactions of the success in all when concurrent writers cancel it (an admin edit, another delivery):
   * the one retry policy's bound (lib/retry.ts); each is one transaction, none retried inside another.
   */
  maxAttempts?: number
  /** The backoff's wait between attempts (tests: none). */
  sleep?: (ms: number) => Promise<void>
}

/**
 * Applies a verified Stripe event to the checkout keyed by its PaymentIntent id, exactly once per intent; a success
 * is recorded only when the intent retrieved from the provider has succeeded with the checkout's amount in USD, else
 * the checkout needs review (docs/business-rules.md, "Payments"; docs/api.md, "Stripe webhook"). Throws (→ 500, Stripe retries) when the
 * provider cannot be asked or a success cannot be recorded.
 */
export async function handleStripeEvent({ event, orders, payments, gateway, now = () => new Date(), maxAttempts = WRITE_ATTEMPTS, sleep }: HandleStripeEvent): Promise<EventOutcome> {
  const intent = event.data?.object
  const intentId = intent?.id
  if (!intentId || !event.type.startsWith('payment_intent.')) return 'ignored'
  switch (event.type) {
    case 'payment_intent.succeeded':
      return recordSuccess()
    case 'payment_intent.payment_failed':
    case 'payment_intent.processing':
    case 'payment_intent.canceled': {
      const checkout = await payments.getCheckout(intentId)
      if (!checkout) return unknown()
      if (checkout.status === 'succeeded') return 'unchanged'
      const status = event.type === 'payment_intent.payment_failed' ? 'failed' : event.type === 'payment_intent.canceled' ? 'canceled' : 'processing'
      const failureMessage = status === 'failed' ? intent.last_payment_error?.message || m.failedFallback : undefined
      const at = now().toISOString()
      const found = await orders.getOrders(checkout.orderIds)
      const changed = await payments.applyCheckoutEvent(intentId, {
        status,
        eventId: event.id,
        eventCreated: event.created,
        failureMessage,
        at,
        // A success the provider did not confirm keeps its flagged rows: a later attempt event never hides them.
        ledger: attemptRows({ checkout, orders: found, status, eventId: event.id, failureMessage, at, keepMain: checkout.status === 'needs_review' }),
        // A decline tells the customer, per order of the checkout (the repository writes them with the event's first delivery only).
        notifications: failureMessage === undefined ? [] : declineNotifications({ checkout, orders: found, reason: failureMessage, at }),
      })
      return changed ? 'updated' : 'unchanged'
    }
    default:
      return 'ignored'
  }

  function unknown(): EventOutcome {
    // Not ours (another integration on the same account) or a checkout that was never stored: acknowledge, log.
    log.warn('stripe event for an unknown payment intent', { eventId: event.id, type: event.type, paymentIntentId: intentId })
    return 'unknown_intent'
  }

  async function recordSuccess(): Promise<EventOutcome> {
    const first = await payments.getCheckout(intentId)
    if (!first) return unknown()
    if (first.status === 'succeeded') return 'duplicate'
    // Before any write: a failure to ask the provider is a 500, and Stripe retries.
    const provider = await gateway.retrieveIntent(intentId)
    const problem = !provider
      ? 'the provider has no such payment intent'
      : provider.status !== 'succeeded'
        ? `the provider reports status ${provider.status}`
        : provider.currency !== 'usd'
          ? `the provider received ${provider.currency}`
          : provider.amountReceivedCents !== first.amountCents
            ? `the provider received ${provider.amountReceivedCents} cents of the ${first.amountCents} this checkout charges`
            : null
    if (problem) {
      log.error('payment not confirmed by the provider: not recorded, needs review', { alert: PAYMENT_REVIEW_ALERT, paymentIntentId: intentId, eventId: event.id, problem })
      // Not paid, never hidden: a flagged row per order in the ledger and a history entry, with the checkout, in one transaction.
      const at = now().toISOString()
      await payments.recordUnconfirmed({
        paymentIntentId: intentId,
        eventId: event.id,
        eventCreated: event.created,
        failureMessage: `Not confirmed by the provider: ${problem}`,
        at,
        ...reviewRows({ checkout: first, orders: await orders.getOrders(first.orderIds), provider, at }),
      })
      return 'not_confirmed'
    }
    const receiptUrl = provider!.receiptUrl
    return retryOnConflict(
      async (attempt): Promise<EventOutcome> => {
        const checkout = attempt === 1 ? first : await payments.getCheckout(intentId)
        if (!checkout) return unknown()
        if (checkout.status === 'succeeded') return 'duplicate'
        // Strongly consistent: the success write expects the latest order versions.
        const current = await orders.getOrders(checkout.orderIds, { consistent: true })
        const write = buildSuccessWrite({ checkout, current, event, receiptUrl, at: now().toISOString() })
        const outcome = await payments.recordSucceededCheckout(write)
        if (outcome.committed) {
          log.info('payment recorded', { paymentIntentId: intentId, eventId: event.id, orders: checkout.orderIds.length, amountCents: checkout.amountCents })
          return 'recorded'
        }
        const after = await payments.getCheckout(intentId)
        if (after?.status === 'succeeded') return 'duplicate'
        // An order changed under us (an admin edit) or another delivery holds the items: again on fresh data.
        throw new ConcurrentChange(`transaction cancelled (${outcome.reasons.join(',')})`)
      },
      { attempts: maxAttempts, sleep, exhausted: (err) => new Error(`Could not record payment ${intentId}: ${(err as Error).message}`) },
    )
  }
}

/**
 * The success transaction's items. Per allocated order: what its balance (with the checkout's shipping
 * choice) can take is applied as a payment, anything above is a credit flagged for staff (all of it on
 * a deleted order); the shipping choice the customer paid with is stored (a change is in the history);
 * the order leaves this checkout; the customer's notification of the payment; when paid in full, its
 * status and history entry (and the notification says so).
 */
export function buildSuccessWrite({ checkout, current, event, receiptUrl, at }: { checkout: Checkout; current: Order[]; event: PaymentIntentEvent; receiptUrl: string | null; at: string }) {
  const byId = new Map(current.map((o) => [o.orderId, o]))
  const paymentsToCreate: Payment[] = []
  const ordersToWrite: Array<{ order: Order; expectedVersion: number }> = []
  const updates: StatusUpdate[] = []
  const notifications: Notification[] = []
  for (const [i, a] of checkout.allocations.entries()) {
    const o = byId.get(a.orderId)
    // Orders are only soft-deleted, so this means the data is broken: fail loudly, Stripe retries, the logs show it.
    if (!o) throw new Error(`Order ${a.orderId} of payment ${checkout.paymentIntentId} not found`)
    const t = Date.parse(at) + i * 10
    const history = (status: string, notes: string, seq: number) =>
      updates.push({ orderId: o.orderId, updateId: sortableId(t + seq), status, notes, createdBy: SYSTEM_USER, authorLabel: ADMIN_AUTHOR_LABEL, isCustomerNote: false, createdAt: at, updatedAt: at })

    const includeShipping = o.isDeleted ? o.shippingSelected : (checkout.includeShipping ?? o.shippingSelected)
    const { appliedCents, creditCents, flag } = allocatePayment(o, a.amountCents, includeShipping)
    const next: Order = {
      ...o,
      shippingSelected: includeShipping,
      amountPaidCents: o.amountPaidCents + appliedCents,
      creditCents: (o.creditCents ?? 0) + creditCents,
      openCheckout: o.openCheckout?.paymentIntentId === checkout.paymentIntentId ? undefined : o.openCheckout,
      version: o.version + 1,
      updatedAt: at,
      invoiceLastUpdated: at,
    }
    if (includeShipping !== o.shippingSelected) history(HISTORY_EVENTS.shippingChanged, includeShipping ? m.shippingAdded : m.shippingRemoved, 0)
    if (flag) {
      const amount = formatCents(flag === 'order_archived' ? a.amountCents : creditCents)
      history(HISTORY_EVENTS.paymentFlagged, flag === 'order_archived' ? m.archivedNote(amount) : m.creditNote(amount, flag), 1)
      log.error('card payment needs staff review', { alert: PAYMENT_REVIEW_ALERT, flag, paymentIntentId: checkout.paymentIntentId, orderId: o.orderId, amountCents: a.amountCents, creditCents })
    }
    const paid = whenPaidInFull({ before: o, next, at, t: t + 2 })
    if (paid.update) updates.push(paid.update)
    // One notification per payment and order: what this order received, paid in full or not.
    notifications.push(paymentReceivedNotification({ order: paid.order, at, id: sortableId(t + 3), amountCents: a.amountCents, paidInFull: paid.paidInFull }))
    ordersToWrite.push({ order: paid.order, expectedVersion: o.version })
    const entry = (paymentId: string, kind: 'payment' | 'credit', amountCents: number): Payment => ({
      ...ledgerFields(o),
      paymentId,
      customerId: checkout.customerId,
      amountCents,
      paymentDate: at,
      paymentMethod: m.defaultMethod,
      paymentStatus: 'successful',
      paymentIntentId: checkout.paymentIntentId,
      receiptUrl: receiptUrl ?? undefined,
      kind,
      ...(flag && (kind === 'credit' || flag === 'order_archived') ? { flag } : {}),
    })
    // The main entry always exists (it replaces a pending attempt's row); a credit beside an applied part has its own.
    const id = paymentIdFor(checkout.paymentIntentId, o.orderId)
    if (appliedCents > 0) {
      paymentsToCreate.push(entry(id, 'payment', appliedCents))
      if (creditCents > 0) paymentsToCreate.push(entry(`${id}_credit`, 'credit', creditCents))
    } else paymentsToCreate.push(entry(id, 'credit', creditCents))
  }
  return {
    paymentIntentId: checkout.paymentIntentId,
    event: { id: event.id, type: event.type, created: event.created },
    receiptUrl,
    payments: paymentsToCreate,
    orders: ordersToWrite,
    updates,
    notifications,
    at,
  }
}

/** "Payment Failed" for each order of a declined checkout, with the provider's reason. */
function declineNotifications({ checkout, orders, reason, at }: { checkout: Checkout; orders: Order[]; reason: string; at: string }): Notification[] {
  const byId = new Map(orders.map((o) => [o.orderId, o]))
  return checkout.allocations.flatMap((a, i) => {
    const o = byId.get(a.orderId)
    return o ? [paymentFailedNotification({ order: o, at, id: sortableId(Date.parse(at) + i), amountCents: a.amountCents, reason })] : []
  })
}

/**
 * A card attempt in the ledger, so staff see declines and payments still settling: processing puts
 * one pending row per order (the success later writes its payment over it); a decline adds a failed
 * row per order and event, with the reason; a decline or cancel removes the pending rows. `keepMain`
 * (the checkout needs review): the rows at the payments' ids are the flagged `unconfirmed` ones, left as they are.
 */
export function attemptRows({ checkout, orders, status, eventId, failureMessage, at, keepMain = false }: { checkout: Checkout; orders: Order[]; status: 'failed' | 'processing' | 'canceled'; eventId: string; failureMessage?: string; at: string; keepMain?: boolean }) {
  const byId = new Map(orders.map((o) => [o.orderId, o]))
  const row = (o: Order, a: { amountCents: number }, paymentId: string, paymentStatus: 'pending' | 'failed'): Payment => ({
    ...ledgerFields(o),
    paymentId,
    customerId: checkout.customerId,
    amountCents: a.amountCents,
    paymentDate: at,
    paymentMethod: m.defaultMethod,
    paymentStatus,
    paymentIntentId: checkout.paymentIntentId,
    kind: 'payment',
    ...(failureMessage ? { notes: failureMessage } : {}),
  })
  const put: Payment[] = []
  for (const a of checkout.allocations) {
    const o = byId.get(a.orderId)
    if (!o) continue
    const id = paymentIdFor(checkout.paymentIntentId, o.orderId)
    if (status === 'processing' && !keepMain) put.push(row(o, a, id, 'pending'))
    if (status === 'failed') put.push(row(o, a, `${id}_${eventId}`, 'failed'))
  }
  const removePending = status === 'processing' || keepMain ? [] : checkout.allocations.map((a) => ({ orderId: a.orderId, paymentId: paymentIdFor(checkout.paymentIntentId, a.orderId) }))
  return { put, removePending }
}

/** What staff read of a success the provider did not confirm: what the provider reports, and that nothing was counted. */
export function unconfirmedNote(provider: ProviderIntent | null, chargedCents: number): string {
  const reported = provider
    ? `The card provider reports ${formatCents(provider.amountReceivedCents)} received of the ${formatCents(chargedCents)} charged (status ${provider.status}, currency ${provider.currency.toUpperCase()}).`
    : 'The card provider has no record of this payment.'
  return `${reported} Not counted as paid until staff review it.`
}

/**
 * A success event the provider did not confirm, for staff: per order of the checkout, a pending
 * ledger row flagged `unconfirmed` with this order's share of the charge and what the provider
 * reports (at the payment's own id, so a success the provider confirms later replaces it), and a
 * history entry. Nothing is paid.
 */
export function reviewRows({ checkout, orders, provider, at }: { checkout: Checkout; orders: Order[]; provider: ProviderIntent | null; at: string }) {
  const byId = new Map(orders.map((o) => [o.orderId, o]))
  const notes = unconfirmedNote(provider, checkout.amountCents)
  const rows: Payment[] = []
  const updates: StatusUpdate[] = []
  for (const [i, a] of checkout.allocations.entries()) {
    const o = byId.get(a.orderId)
    if (!o) continue
    rows.push({
      ...ledgerFields(o),
      paymentId: paymentIdFor(checkout.paymentIntentId, o.orderId),
      customerId: checkout.customerId,
      amountCents: a.amountCents,
      paymentDate: at,
      paymentMethod: m.defaultMethod,
      paymentStatus: 'pending',
      paymentIntentId: checkout.paymentIntentId,
      kind: 'payment',
      flag: 'unconfirmed',
      notes,
    })
    updates.push({
      orderId: o.orderId,
      updateId: sortableId(Date.parse(at) + i),
      status: HISTORY_EVENTS.paymentFlagged,
      notes: `A card payment of ${formatCents(a.amountCents)} was reported but not confirmed by the card provider. ${notes}`,
      createdBy: SYSTEM_USER,
      authorLabel: ADMIN_AUTHOR_LABEL,
      isCustomerNote: false,
      createdAt: at,
      updatedAt: at,
    })
  }
  return { rows, updates }
}
