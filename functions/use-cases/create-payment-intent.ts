import { createHash } from 'node:crypto'
import { splitProportionally } from '@gs/shared/invoice'
import { paymentMessages as m } from '@gs/shared/payment-messages'
import { orderMessages } from '@gs/shared/order-messages'
import { cardChargeProblem } from '@gs/shared/payment-rules'
import type { CreateIntentInput } from '@gs/shared/schemas/payments'
import { ContendedTransaction, VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import { invoiceOf, type Order } from '../domain/order.ts'
import { LIVE_CHECKOUT_STATUSES, type Allocation, type Checkout, type PaymentsMode } from '../domain/payment.ts'
import { ApiError, BillChangedError, ConflictError, NotFoundError, PaymentFailedError, PaymentProviderError, ValidationError } from '../lib/errors.ts'
import { log } from '../lib/logger.ts'
import { retryOnConflict } from '../lib/retry.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { cancelOpenIntent } from './cancel-open-intent.ts'

interface CreatePaymentIntent {
  orders: Pick<OrderRepository, 'getOrders'>
  payments: Pick<PaymentRepository, 'getCheckout' | 'openCheckout'>
  gateway: Pick<PaymentGateway, 'mode' | 'createIntent' | 'retrieveIntent' | 'cancelIntent'>
  customer: { userId: string; email?: string }
  input: CreateIntentInput
  /**
   * Records an open intent the provider reports paid, through the webhook's own path (exactly
   * once), before this request refuses: what the customer paid shows at once, not when the
   * webhook arrives.
   */
  recordPaid?: (paymentIntentId: string) => Promise<unknown>
  now?: () => Date
}

export interface CreatedPaymentIntent {
  paymentIntentId: string
  clientSecret: string
  amountCents: number
  allocations: Allocation[]
  mode: PaymentsMode
}

/** Provider statuses in which the browser can still confirm an intent. */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action']
/**
 * Starts a card payment for one order (optionally partial) or several (their whole balances), with at most one open
 * checkout per order; every amount comes from the stored invoices, every write is an attempt of the one retry policy
 * (docs/business-rules.md, "Payments integrity").
 */
export async function createPaymentIntent({ orders, payments, gateway: provider, customer, input, recordPaid, now = () => new Date() }: CreatePaymentIntent): Promise<CreatedPaymentIntent> {
  const gateway = customerSafe(provider)
  const ids = input.orderIds
  if (!ids.length) throw new ValidationError(m.missingOrderId, { orderIds: m.missingOrderId })
  if (input.amountCents !== undefined && ids.length > 1) throw new ValidationError(m.partialOnlySingle, { amountCents: m.partialOnlySingle })

  /** The intent this request created and has not stored yet, and what its next write stores; `gaveUp` once the attempts ran out. */
  const state: { pending: Pending | null; gaveUp: boolean } = { pending: null, gaveUp: false }
  const result = (p: { amountCents: number; allocations: Allocation[] }, intent: { paymentIntentId: string; clientSecret: string }) => ({ ...intent, amountCents: p.amountCents, allocations: p.allocations, mode: gateway.mode })

  try {
    return await retryOnConflict(
      async () => {
        if (!state.pending) {
          // Strongly consistent: the write below is conditioned on these versions.
          const loaded = await loadPayableOrders({ orders, ids, userId: customer.userId })
          const { amountCents, allocations, totals } = chargeFor(loaded, input)

          const open = await openCheckoutsOf(loaded, payments)
          if (open.some((c) => c.status === 'processing')) throw new ConflictError(m.paymentProcessing)
          const same = reusable(open, loaded, amountCents, allocations, input.includeShipping)
          if (same) {
            const provider = await gateway.retrieveIntent(same.paymentIntentId)
            if (provider?.clientSecret && CONFIRMABLE.includes(provider.status)) return result({ amountCents, allocations }, { paymentIntentId: same.paymentIntentId, clientSecret: provider.clientSecret })
          }
          // Cancel before creating: a paid "old" intent must stop us, not become a second charge.
          for (const c of open) await cancelAtProvider(gateway, c.paymentIntentId, recordPaid)

          const orderNumbers = loaded.map((o) => o.orderNumber)
          const intent = await gateway.createIntent({
            amountCents,
            // The versions move with every checkout, so a key is never reused for a canceled intent.
            idempotencyKey: `gs-intent-${createHash('sha256')
              .update(JSON.stringify([customer.userId, loaded.map((o) => [o.orderId, o.version]).sort(), amountCents, input.includeShipping]))
              .digest('hex')
              .slice(0, 48)}`,
            description: m.description(orderNumbers),
            receiptEmail: customer.email || loaded[0].customerEmail || undefined,
            metadata: {
              customerId: customer.userId,
              orderNumbers: orderNumbers.join(','),
              ...(loaded.length === 1 ? { orderId: loaded[0].orderId, shippingSelected: String(input.includeShipping) } : { batch: 'true' }),
            },
          })
          const at = now().toISOString()
          const checkout: Checkout = {
            paymentIntentId: intent.paymentIntentId,
            customerId: customer.userId,
            orderIds: loaded.map((o) => o.orderId),
            allocations,
            amountCents: intent.amountCents,
            includeShipping: input.includeShipping,
            status: 'pending',
            mode: gateway.mode,
            createdAt: at,
            updatedAt: at,
          }
          const cancel = open.map((c) => c.paymentIntentId).filter((id) => id !== intent.paymentIntentId)
          state.pending = { intent, checkout, cancel, amountCents, allocations, target: { orders: loaded, totals } }
        }
        const p = state.pending
        try {
          const stored = await payments.openCheckout({
            checkout: p.checkout,
            orders: p.target.orders.map((o, i) => ({
              order: { ...o, version: o.version + 1, openCheckout: { paymentIntentId: p.intent.paymentIntentId, amountCents: p.allocations[i].amountCents, includeShipping: input.includeShipping, totalCents: p.target.totals[i] } },
              expected: o.version,
            })),
            cancel: p.cancel,
          })
          if (!stored) throw new ConflictError(m.alreadyPaid)
          return result(p, p.intent)
        } catch (err) {
          // Another transaction held an item: the same write again.
          if (err instanceof ContendedTransaction || !(err instanceof VersionConflict)) throw err
          const fresh = await orders.getOrders(ids, { consistent: true })
          // Another request stored this very intent first (a double click): it is ours too.
          if (fresh.length === ids.length && fresh.every((o) => o.openCheckout?.paymentIntentId === p.intent.paymentIntentId)) return result(p, p.intent)
          // A write that left this payment as it was (staff adding a part, a note) lets it through on the new versions;
          // another tab's checkout, or a change to what this payment charges, makes it start over with a new intent.
          const again = unchangedPayment(fresh, { ids, userId: customer.userId, input, amountCents: p.amountCents, allocations: p.allocations, canceled: p.cancel })
          if (again) p.target = again
          else {
            state.pending = null
            await cancelAtProvider(gateway, p.intent.paymentIntentId)
          }
          throw err
        }
      },
      {
        exhausted: () => {
          state.gaveUp = true
          return new ConflictError(m.paymentStartedElsewhere)
        },
      },
    )
  } catch (err) {
    // Given up with an intent created and not stored: nobody may pay it.
    if (state.gaveUp && state.pending) await cancelAtProvider(gateway, state.pending.intent.paymentIntentId)
    throw err
  }
}

/** An intent created for this payment, not stored yet: what its write stores, on which orders at which versions. */
interface Pending {
  intent: { paymentIntentId: string; clientSecret: string; amountCents: number }
  checkout: Checkout
  /** The older open intents it replaces (already canceled at the provider). */
  cancel: string[]
  amountCents: number
  allocations: Allocation[]
  target: { orders: Order[]; totals: number[] }
}

/**
 * The orders as just re-read, if this payment would be made exactly the same on them: still the
 * caller's and payable, pointing at no checkout but the ones this request canceled, with the same
 * amount and split. Their totals may have moved (a part added), so the checkout records the new ones.
 */
function unchangedPayment(
  fresh: Order[],
  p: { ids: string[]; userId: string; input: CreateIntentInput; amountCents: number; allocations: Allocation[]; canceled: string[] },
): { orders: Order[]; totals: number[] } | null {
  let again: Order[]
  let charge: ReturnType<typeof chargeFor>
  try {
    again = payableOrders(fresh, p.ids, p.userId)
    charge = chargeFor(again, p.input)
  } catch {
    return null
  }
  if (again.some((o) => o.openCheckout && !p.canceled.includes(o.openCheckout.paymentIntentId))) return null
  const same = charge.amountCents === p.amountCents && charge.allocations.every((a, i) => a.orderId === p.allocations[i].orderId && a.amountCents === p.allocations[i].amountCents)
  return same ? { orders: again, totals: charge.totals } : null
}

/** The caller's own, undeleted, unarchived orders, in the order asked for; anything else is a 404 (or 400 when archived). */
async function loadPayableOrders({ orders, ids, userId }: { orders: Pick<OrderRepository, 'getOrders'>; ids: string[]; userId: string }): Promise<Order[]> {
  return payableOrders(await orders.getOrders(ids, { consistent: true }), ids, userId)
}

function payableOrders(read: Order[], ids: string[], userId: string): Order[] {
  const found = new Map(read.map((o) => [o.orderId, o]))
  return ids.map((id) => {
    const o = found.get(id)
    if (!o || o.isDeleted || o.customerId !== userId) throw new NotFoundError(orderMessages.orderNotFound)
    if (o.isArchived) throw new ValidationError(m.orderNotPayable)
    return o
  })
}

/**
 * What this payment charges, split across the orders, from their invoices with the shipping choice asked for;
 * refused when the balance due is not the one the customer confirmed, and as Stripe would refuse it.
 */
function chargeFor(loaded: Order[], input: CreateIntentInput) {
  const invoices = loaded.map((o) => invoiceOf(o, input.includeShipping))
  const balances = invoices.map((i) => i.balanceDueCents)
  balances.forEach((b, i) => {
    if (b <= 0) throw new ValidationError(loaded.length === 1 ? m.noBalanceDue : m.orderNoBalanceDue(loaded[i].orderNumber))
  })
  const total = balances.reduce((a, b) => a + b, 0)
  // Checked before the amount: a partial payment above a lowered balance is refused for the change, not the amount.
  if (input.confirmedBalanceCents !== undefined && input.confirmedBalanceCents !== total) throw new BillChangedError(m.billChanged(input.confirmedBalanceCents, total), total)
  let amountCents = total
  if (input.amountCents !== undefined) {
    if (input.amountCents <= 0) throw new ValidationError(m.amountNotPositive, { amountCents: m.amountNotPositive })
    if (input.amountCents > balances[0]) throw new ValidationError(m.amountAboveBalance(balances[0]), { amountCents: m.amountAboveBalance(balances[0]) })
    amountCents = input.amountCents
  }
  // Stripe's minimum charge, and no partial payment that leaves an amount a card can never pay.
  const problem = cardChargeProblem(amountCents, total)
  if (problem) throw new ValidationError(problem.message, { amountCents: problem.message })
  const shares = loaded.length === 1 ? [amountCents] : splitProportionally(amountCents, balances)
  return { amountCents, allocations: loaded.map((o, i) => ({ orderId: o.orderId, amountCents: shares[i] })), totals: invoices.map((i) => i.totalCents) }
}

/** The checkouts these orders still point at that could be paid (one GetItem each; a batch shares one). */
async function openCheckoutsOf(loaded: Order[], payments: Pick<PaymentRepository, 'getCheckout'>): Promise<Checkout[]> {
  const ids = [...new Set(loaded.map((o) => o.openCheckout?.paymentIntentId).filter((id): id is string => !!id))]
  const found = await Promise.all(ids.map((id) => payments.getCheckout(id)))
  return found.filter((c): c is Checkout => !!c && LIVE_CHECKOUT_STATUSES.includes(c.status))
}

/** The open checkout that is exactly this payment (same orders, amounts and shipping), if any. */
function reusable(open: Checkout[], loaded: Order[], amountCents: number, allocations: Allocation[], includeShipping: boolean): Checkout | null {
  if (open.length !== 1) return null
  const [c] = open
  const sameOrders = c.orderIds.length === loaded.length && loaded.every((o, i) => c.orderIds[i] === o.orderId && o.openCheckout?.paymentIntentId === c.paymentIntentId)
  const sameSplit = c.allocations.every((a, i) => a.orderId === allocations[i]?.orderId && a.amountCents === allocations[i].amountCents)
  return sameOrders && sameSplit && c.amountCents === amountCents && c.includeShipping === includeShipping ? c : null
}

/** Cancels an intent at the provider (cancelOpenIntent); one that is paid or settling stops this payment. */
async function cancelAtProvider(gateway: Pick<PaymentGateway, 'cancelIntent'>, paymentIntentId: string, recordPaid?: (paymentIntentId: string) => Promise<unknown>) {
  const status = await cancelOpenIntent({ gateway, paymentIntentId, recordPaid })
  if (status !== 'canceled') throw new ConflictError(status === 'succeeded' ? m.alreadyPaid : m.paymentProcessing)
}

/**
 * The gateway as a customer's request may use it: the provider's own words (an invalid request, its outage) are
 * logged and become the product's message; a declined card keeps Stripe's text, written for the cardholder.
 */
function customerSafe(gateway: CreatePaymentIntent['gateway']): CreatePaymentIntent['gateway'] {
  const shield =
    <A extends unknown[], R>(call: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args)
      } catch (err) {
        if (err instanceof PaymentFailedError) throw err
        log.warn('the card provider failed a customer payment', { call, statusCode: err instanceof ApiError ? err.statusCode : null, providerMessage: err instanceof Error ? err.message : String(err) })
        throw new PaymentProviderError(m.providerUnavailable)
      }
    }
  return {
    mode: gateway.mode,
    createIntent: shield('createIntent', (req) => gateway.createIntent(req)),
    retrieveIntent: shield('retrieveIntent', (id) => gateway.retrieveIntent(id)),
    cancelIntent: shield('cancelIntent', (id) => gateway.cancelIntent(id)),
  }
}
