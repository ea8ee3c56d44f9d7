import { orderMessages } from '@gs/shared/order-messages'
import { formatCents } from '@gs/shared/money'
import { METHOD_LABELS, ledgerMessages as lm, refundMethodLabel } from '@gs/shared/payment-rules'
import type { AdjustmentInput, RefundInput, ShopPaymentInput } from '@gs/shared/schemas/ledger'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import type { LedgerRepository, LedgerWrite } from '../db/repositories/ledger.ts'
import { ItemConditionFailed, VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import { invoiceOf, type Order, type Payment } from '../domain/order.ts'
import { ledgerFields, unrefundedCents } from '../domain/payment.ts'
import { ApiError, ConflictError, NotFoundError, PaymentFailedError, ValidationError } from '../lib/errors.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { loadStaffOrder, staffUpdate } from './admin-order-write.ts'
import { whenPaidInFull } from './paid-in-full.ts'

interface Deps {
  orders: Pick<OrderRepository, 'getOrder'>
  ledger: Pick<LedgerRepository, 'getEntry' | 'write'>
  orderId: string
  adminId: string
  now?: () => Date
}

export interface LedgerResult {
  order: Order
  entry: Payment
}

/** Rounds when another staff member or a card payment changes the order between our read and write. */
const MAX_ATTEMPTS = 3

/** A staff entry's fields; its id comes from the request's id (a retry finds it instead of recording twice). */
function staffEntry(o: Order, paymentId: string, adminId: string, at: string, fields: Pick<Payment, 'amountCents' | 'paymentMethod' | 'paymentStatus' | 'kind'> & Partial<Payment>): Payment {
  return { ...ledgerFields(o), paymentId, customerId: o.customerId, paymentDate: at, paymentIntentId: '', recordedBy: adminId, ...fields }
}

/**
 * Runs a staff ledger change: read, plan, write in one transaction; on a concurrent change, again on
 * fresh data; a request already recorded (same request id) answers with what it recorded.
 */
async function recordOnce({ orders, ledger, orderId, entryId, plan }: Pick<Deps, 'orders' | 'ledger' | 'orderId'> & { entryId: string; plan: (order: Order) => LedgerWrite | Promise<LedgerWrite> }): Promise<LedgerResult> {
  for (let attempt = 1; ; attempt++) {
    const order = await loadStaffOrder({ orders, orderId })
    const done = await ledger.getEntry(orderId, entryId)
    if (done) return { order, entry: done }
    const w = await plan(order)
    try {
      const written = await ledger.write(w)
      return { order: written, entry: (await ledger.getEntry(orderId, entryId))! }
    } catch (err) {
      if (!(err instanceof VersionConflict || err instanceof ItemConditionFailed)) throw err
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError(orderMessages.staleOrder)
    }
  }
}

/** Money taken or granted in the shop is at most what is owed (an overpayment is a card payment's accident, never staff's). */
function assertWithinBalance(o: Order, amountCents: number) {
  const balance = invoiceOf(o).balanceDueCents
  if (balance <= 0) throw new ValidationError(lm.noBalanceDue, { amountCents: lm.noBalanceDue })
  if (amountCents > balance) throw new ValidationError(lm.aboveBalance(balance), { amountCents: lm.aboveBalance(balance) })
}

const bumped = (o: Order, at: string, change: Partial<Order>): Order => ({ ...o, ...change, version: o.version + 1, updatedAt: at, invoiceLastUpdated: at })

/** Cash, a check or a card on the shop's terminal: up to the balance; a payment that settles it marks the order paid. */
export async function recordShopPayment({ orders, ledger, orderId, adminId, input, now = () => new Date() }: Deps & { input: ShopPaymentInput }): Promise<LedgerResult> {
  const entryId = `shop_${input.requestId}`
  return recordOnce({
    orders,
    ledger,
    orderId,
    entryId,
    plan: (o) => {
      assertWithinBalance(o, input.amountCents)
      const at = now().toISOString()
      const label = METHOD_LABELS[input.method]
      const paid = whenPaidInFull({ before: o, next: bumped(o, at, { amountPaidCents: o.amountPaidCents + input.amountCents }), at, t: Date.parse(at) + 1, by: adminId })
      return {
        order: { order: paid.order, expected: o.version },
        create: [staffEntry(o, entryId, adminId, at, { kind: 'payment', amountCents: input.amountCents, paymentMethod: label, paymentStatus: 'successful', ...(input.reference ? { reason: input.reference } : {}) })],
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.paymentRecorded, notes: lm.paymentNote(label, formatCents(input.amountCents), input.reference), userId: adminId, at }), ...(paid.update ? [paid.update] : [])],
        notifications: paid.notification ? [paid.notification] : [],
      }
    },
  })
}

/** A discount or write-off: lowers the balance (never below zero), with its reason in the history. */
export async function recordAdjustment({ orders, ledger, orderId, adminId, input, now = () => new Date() }: Deps & { input: AdjustmentInput }): Promise<LedgerResult> {
  const entryId = `adj_${input.requestId}`
  return recordOnce({
    orders,
    ledger,
    orderId,
    entryId,
    plan: (o) => {
      assertWithinBalance(o, input.amountCents)
      const at = now().toISOString()
      const label = METHOD_LABELS[input.kind]
      return {
        order: { order: bumped(o, at, { adjustmentsCents: (o.adjustmentsCents ?? 0) + input.amountCents }), expected: o.version },
        create: [staffEntry(o, entryId, adminId, at, { kind: 'adjustment', amountCents: input.amountCents, paymentMethod: label, paymentStatus: 'successful', reason: input.reason })],
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.adjustmentGranted, notes: lm.adjustmentNote(label, formatCents(input.amountCents), input.reason), userId: adminId, at })],
      }
    },
  })
}

/**
 * Refunds part or all of a payment or credit. Recorded first (the entry's refunded amount, the
 * order's paid amount or credit, a refund entry), so two refunds can never take the same money;
 * then, to a card, the provider refunds it under the request's id (a retry refunds once) and the
 * entry settles; a refusal puts everything back, in the history too.
 */
export async function refundEntry({ orders, ledger, gateway, orderId, paymentId, adminId, input, now = () => new Date() }: Deps & { gateway: () => Promise<Pick<PaymentGateway, 'refund'>>; paymentId: string; input: RefundInput }): Promise<LedgerResult> {
  const entryId = `refund_${input.requestId}`
  let source: Payment | null = null
  const recorded = await recordOnce({
    orders,
    ledger,
    orderId,
    entryId,
    plan: async (o) => {
      source = await ledger.getEntry(orderId, paymentId)
      if (!source) throw new NotFoundError(lm.entryNotFound)
      const kind = source.kind ?? 'payment'
      if ((kind !== 'payment' && kind !== 'credit') || source.paymentStatus !== 'successful') throw new ValidationError(lm.notRefundable)
      if (input.method === 'card' && !source.paymentIntentId) throw new ValidationError(lm.cardRefundNeedsCard, { method: lm.cardRefundNeedsCard })
      const left = unrefundedCents(source)
      if (input.amountCents > left) throw new ValidationError(lm.aboveRefundable(left), { amountCents: lm.aboveRefundable(left) })
      const at = now().toISOString()
      const label = refundMethodLabel(input.method)
      const change = kind === 'credit' ? { creditCents: (o.creditCents ?? 0) - input.amountCents } : { amountPaidCents: o.amountPaidCents - input.amountCents }
      return {
        order: { order: bumped(o, at, change), expected: o.version },
        refunded: { paymentId, fromCents: source.refundedCents ?? 0, toCents: (source.refundedCents ?? 0) + input.amountCents },
        create: [
          staffEntry(o, entryId, adminId, at, {
            kind: 'refund',
            amountCents: input.amountCents,
            paymentMethod: label,
            // A card refund is pending until the provider has it.
            paymentStatus: input.method === 'card' ? 'pending' : 'successful',
            refundOf: paymentId,
            reason: input.reason,
            paymentIntentId: input.method === 'card' ? source.paymentIntentId : '',
          }),
        ],
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.refundIssued, notes: lm.refundNote(formatCents(input.amountCents), label, input.reason), userId: adminId, at })],
      }
    },
  })
  const refund = recorded.entry
  if (refund.paymentStatus !== 'pending' || !refund.paymentIntentId) return recorded
  return settleCardRefund({ orders, ledger, gateway, orderId, adminId, refund, now })
}

/** Asks the provider for a recorded card refund (idempotent by its id) and settles the entry, or puts everything back when refused. */
async function settleCardRefund({ orders, ledger, gateway, orderId, adminId, refund, now = () => new Date() }: Omit<Deps, 'orderId'> & { orderId: string; gateway: () => Promise<Pick<PaymentGateway, 'refund'>>; refund: Payment }): Promise<LedgerResult> {
  let outcome: { refundId: string; status: string } | { refused: string; error: ApiError }
  try {
    const r = await (await gateway()).refund({ paymentIntentId: refund.paymentIntentId, amountCents: refund.amountCents, idempotencyKey: `gs-${refund.paymentId}`, metadata: { orderId, ledgerEntry: refund.paymentId, refundOf: refund.refundOf ?? '' } })
    outcome = r.status === 'failed' || r.status === 'canceled' ? { refused: `the refund ${r.status}`, error: new PaymentFailedError(lm.refundRefused(r.status)) } : { refundId: r.refundId, status: r.status }
  } catch (err) {
    // The provider said no (400/402): undo. It could not be asked (502): the refund stays pending; the same request settles it later.
    if (err instanceof ApiError && err.statusCode !== 400 && err.statusCode !== 402) throw err
    if (!(err instanceof ApiError)) throw err
    outcome = { refused: err.message, error: err }
  }
  for (let attempt = 1; ; attempt++) {
    const o = await loadStaffOrder({ orders, orderId })
    const at = now().toISOString()
    let w: LedgerWrite
    if ('refundId' in outcome) {
      w = { order: { order: bumped(o, at, {}), expected: o.version }, settle: { paymentId: refund.paymentId, set: { paymentStatus: outcome.status === 'succeeded' ? 'successful' : 'pending', providerRefundId: outcome.refundId } } }
    } else {
      const source = (await ledger.getEntry(orderId, refund.refundOf!))!
      const kind = source.kind ?? 'payment'
      const back = kind === 'credit' ? { creditCents: (o.creditCents ?? 0) + refund.amountCents } : { amountPaidCents: o.amountPaidCents + refund.amountCents }
      w = {
        order: { order: bumped(o, at, back), expected: o.version },
        refunded: { paymentId: source.paymentId, fromCents: source.refundedCents ?? 0, toCents: (source.refundedCents ?? 0) - refund.amountCents },
        settle: { paymentId: refund.paymentId, set: { paymentStatus: 'failed', notes: outcome.refused } },
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.refundIssued, notes: lm.refundFailedNote(formatCents(refund.amountCents), outcome.refused), userId: adminId, at })],
      }
    }
    try {
      const order = await ledger.write(w)
      const entry = (await ledger.getEntry(orderId, refund.paymentId))!
      // The provider's own answer (402 a refused card, 400 an invalid request), after everything was put back.
      if ('refused' in outcome) throw outcome.error
      return { order, entry }
    } catch (err) {
      if (!(err instanceof VersionConflict || err instanceof ItemConditionFailed) || attempt >= MAX_ATTEMPTS + 2) throw err
    }
  }
}
