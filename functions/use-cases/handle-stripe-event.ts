import { ADMIN_AUTHOR_LABEL } from '@gs/shared/admin-messages'
import { paymentMessages as m } from '@gs/shared/payment-messages'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import { invoiceOf, type Notification, type Order, type Payment, type StatusUpdate } from '../domain/order.ts'
import { paymentIdFor, type Checkout } from '../domain/payment.ts'
import { log } from '../lib/logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import type { PaymentIntentEvent } from '../payments/stripe-events.ts'

export type EventOutcome = 'recorded' | 'duplicate' | 'updated' | 'unchanged' | 'unknown_intent' | 'ignored' | 'not_confirmed'

/** The status the webhook sets when an invoice reaches paid (API.md). */
export const PAYMENT_RECEIVED_STATUS = 'payment_received'
export const SYSTEM_USER = 'system'

interface HandleStripeEvent {
  event: PaymentIntentEvent
  orders: Pick<OrderRepository, 'getOrders'>
  payments: Pick<PaymentRepository, 'getCheckout' | 'recordSucceededCheckout' | 'applyCheckoutEvent'>
  gateway: Pick<PaymentGateway, 'retrieveIntent'>
  now?: () => Date
  /** Attempts of the success transaction when concurrent writers cancel it (an admin edit, another delivery). */
  maxAttempts?: number
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * Applies a verified Stripe event to the checkout keyed by its PaymentIntent id
 * (metadata is informational only). Exactly once per intent whatever the
 * number, order or concurrency of deliveries: the success is one transaction
 * whose conditions (checkout not yet succeeded, payments absent, order versions
 * unchanged, event marker absent) let only one writer through; a failed,
 * processing or canceled event never changes a succeeded checkout.
 *
 * The provider is the source of truth: a success is recorded only when the
 * PaymentIntent, retrieved from the provider, has succeeded, received exactly
 * the checkout's amount, in USD. Otherwise nothing is paid and the checkout is
 * marked needs_review (logged as an error, for staff). The receipt comes with
 * that same retrieval. Throws (→ 500, Stripe retries) when the provider cannot
 * be asked or a success cannot be recorded.
 */
export async function handleStripeEvent({ event, orders, payments, gateway, now = () => new Date(), maxAttempts = 8, sleep = wait }: HandleStripeEvent): Promise<EventOutcome> {
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
      const failed = event.type === 'payment_intent.payment_failed'
      const changed = await payments.applyCheckoutEvent(intentId, {
        status: failed ? 'failed' : event.type === 'payment_intent.canceled' ? 'canceled' : 'processing',
        eventId: event.id,
        eventCreated: event.created,
        failureMessage: failed ? intent.last_payment_error?.message || m.failedFallback : undefined,
        at: now().toISOString(),
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
      log.error('payment not confirmed by the provider: not recorded, needs review', { paymentIntentId: intentId, eventId: event.id, problem })
      await payments.applyCheckoutEvent(intentId, { status: 'needs_review', eventId: event.id, eventCreated: event.created, failureMessage: `Not confirmed by the provider: ${problem}`, at: now().toISOString() })
      return 'not_confirmed'
    }
    const receiptUrl = provider!.receiptUrl
    for (let attempt = 1; ; attempt++) {
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
      if (attempt >= maxAttempts) throw new Error(`Could not record payment ${intentId}: transaction cancelled (${outcome.reasons.join(',')})`)
      // An order changed under us (an admin edit) or another delivery holds the items: retry on fresh data.
      await sleep(Math.round(Math.random() * 25 * 2 ** Math.min(attempt, 5)))
    }
  }
}

/** The success transaction's items: a payment per allocated order, each order's paid amount and invoice, and when paid in full its status, history entry and notification. */
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
    const wasPaid = invoiceOf(o).paymentStatus === 'paid'
    let next: Order = { ...o, amountPaidCents: o.amountPaidCents + a.amountCents, version: o.version + 1, updatedAt: at, invoiceLastUpdated: at }
    const paidNow = !wasPaid && invoiceOf(next).paymentStatus === 'paid'
    if (paidNow) {
      next = { ...next, currentStatus: PAYMENT_RECEIVED_STATUS }
      const t = Date.parse(at) + i
      updates.push({
        orderId: o.orderId,
        updateId: sortableId(t),
        status: PAYMENT_RECEIVED_STATUS,
        notes: m.paidInFullUpdate,
        createdBy: SYSTEM_USER,
        authorLabel: ADMIN_AUTHOR_LABEL,
        isCustomerNote: false,
        createdAt: at,
        updatedAt: at,
      })
      notifications.push({
        userId: o.customerId,
        notificationId: sortableId(t),
        orderId: o.orderId,
        title: m.paidNotificationTitle,
        message: m.paidNotificationMessage(o.orderNumber),
        read: false,
        createdAt: at,
      })
    }
    ordersToWrite.push({ order: next, expectedVersion: o.version })
    paymentsToCreate.push({
      orderId: o.orderId,
      paymentId: paymentIdFor(checkout.paymentIntentId, o.orderId),
      customerId: checkout.customerId,
      orderNumber: o.orderNumber,
      amountCents: a.amountCents,
      paymentDate: at,
      paymentMethod: m.defaultMethod,
      paymentStatus: 'successful',
      paymentIntentId: checkout.paymentIntentId,
      receiptUrl: receiptUrl ?? undefined,
      customerName: o.customerName,
      customerEmail: o.customerEmail,
      firearmMake: o.firearmMake,
      firearmModel: o.firearmModel,
      serialNumber: o.serialNumber,
      description: o.description,
    })
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
