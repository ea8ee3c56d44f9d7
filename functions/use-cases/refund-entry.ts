import { formatCents } from '@gs/shared/money'
import { orderMessages } from '@gs/shared/order-messages'
import { ledgerMessages as lm, PRICE_REDUCTION_LABEL, refundMethodLabel } from '@gs/shared/payment-rules'
import type { RefundInput } from '@gs/shared/schemas/ledger'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import { paymentRefundedNotification } from '../domain/payment-notifications.ts'
import type { Payment } from '../domain/order.ts'
import { unrefundedCents } from '../domain/payment.ts'
import { ApiError, ConflictError, NotFoundError, PaymentFailedError, ValidationError } from '../lib/errors.ts'
import { ConcurrentChange } from '../lib/retry.ts'
import { priceReductionEntryId } from '../domain/provider-money.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { staffUpdate } from './admin-order-write.ts'
import { settleRefund, type ProviderMoneyDeps } from './provider-refunds.ts'
import { bumped, recordOnce, staffEntry, type Deps, type LedgerResult } from './shop-ledger.ts'

/**
 * Refunds part or all of a payment or credit, as what staff say it is (`purpose`): a price reduction adds a discount
 * of the same amount in the same transaction (the bill goes down with it: no balance reappears); a return leaves the
 * bill (on a payment, the customer owes it again; a credit is money above the bill). Recorded first (the entry's
 * refunded amount, the order's paid amount or credit and refunded sum, a refund entry), so two refunds can never take
 * the same money; then, to a card, the provider refunds it under the request's id (a retry refunds once) and the
 * entry settles; a refusal puts everything back, in the history too.
 */
export async function refundEntry({
  orders,
  ledger,
  providerOrders,
  providerLedger,
  gateway,
  orderId,
  paymentId,
  adminId,
  actor,
  input,
  now = () => new Date(),
}: Deps & {
  /** A card refund settles through the provider's path (settleRefund): its orders and ledger. */
  providerOrders: ProviderMoneyDeps['orders']
  providerLedger: ProviderMoneyDeps['ledger']
  gateway: () => Promise<Pick<PaymentGateway, 'refund'>>
  paymentId: string
  input: RefundInput
}): Promise<LedgerResult> {
  const entryId = `refund_${input.requestId}`
  let source: Payment | null = null
  const recorded = await recordOnce({
    orders,
    ledger,
    orderId,
    entryId,
    audit: actor && { actor, action: 'ledger.refund', summary: `Issued a ${refundMethodLabel(input.method)} refund of ${formatCents(input.amountCents)}: ${input.reason}` },
    plan: async (o) => {
      source = await ledger.getEntry(orderId, paymentId)
      if (!source) throw new NotFoundError(lm.entryNotFound)
      const kind = source.kind ?? 'payment'
      if ((kind !== 'payment' && kind !== 'credit') || source.paymentStatus !== 'successful') throw new ValidationError(lm.notRefundable)
      if (input.method === 'card' && !source.paymentIntentId) throw new ValidationError(lm.cardRefundNeedsCard, { method: lm.cardRefundNeedsCard })
      const left = unrefundedCents(source)
      if (input.amountCents > left) throw new ValidationError(lm.aboveRefundable(left), { amountCents: lm.aboveRefundable(left) })
      // A credit is money above the bill: giving it back leaves the bill as it is (there is no price to reduce).
      if (kind === 'credit' && input.purpose === 'price_reduction') throw new ValidationError(lm.creditNotReduction, { purpose: lm.creditNotReduction })
      const at = now().toISOString()
      const label = refundMethodLabel(input.method)
      const reduction = input.purpose === 'price_reduction'
      const change = kind === 'credit' ? { creditCents: (o.creditCents ?? 0) - input.amountCents } : { amountPaidCents: o.amountPaidCents - input.amountCents }
      const amount = formatCents(input.amountCents)
      return {
        // A price reduction lowers the bill by what it gives back (a discount of the same amount): no balance reappears.
        order: { order: bumped(o, at, { ...change, refundedCents: (o.refundedCents ?? 0) + input.amountCents, ...(reduction ? { adjustmentsCents: (o.adjustmentsCents ?? 0) + input.amountCents } : {}) }), expected: o.version },
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
            purpose: input.purpose,
            paymentIntentId: input.method === 'card' ? source.paymentIntentId : '',
          }),
          ...(reduction ? [staffEntry(o, priceReductionEntryId(entryId), adminId, at, { kind: 'adjustment', amountCents: input.amountCents, paymentMethod: PRICE_REDUCTION_LABEL, paymentStatus: 'successful', reason: input.reason })] : []),
        ],
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.refundIssued, notes: reduction ? lm.priceReductionNote(amount, `${label}. ${input.reason}`) : lm.refundNote(amount, label, input.reason), userId: adminId, at })],
        // Money given back in the shop is given now; a card refund tells the customer once the provider took it.
        notifications: input.method === 'card' ? [] : [paymentRefundedNotification({ order: o, at, id: sortableId(Date.parse(at)), amountCents: input.amountCents, method: input.method })],
      }
    },
  })
  const refund = recorded.entry
  if (refund.paymentStatus !== 'pending' || !refund.paymentIntentId) return recorded
  return settleCardRefund({ orders: providerOrders, ledger: providerLedger, gateway, orderId, adminId, actor, refund, now })
}

/**
 * Asks the provider for a recorded card refund (idempotent by its id), then settles the entry as the provider
 * answers (provider-refunds.ts settleRefund, as its refund events do): taken, it settles or stays settling; refused,
 * everything is put back (the price reduction's discount too) and the provider's answer is passed on.
 */
async function settleCardRefund({ orders, ledger, gateway, orderId, adminId, actor, refund, now = () => new Date() }: Omit<Deps, 'orderId' | 'orders' | 'ledger'> & ProviderMoneyDeps & { orderId: string; gateway: () => Promise<Pick<PaymentGateway, 'refund'>>; refund: Payment }): Promise<LedgerResult> {
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
  const settle = { orders, ledger, orderId, refundEntryId: refund.paymentId, now }
  try {
    if ('refundId' in outcome) await settleRefund({ ...settle, status: outcome.status, providerRefundId: outcome.refundId })
    else await settleRefund({ ...settle, status: 'failed', refused: { actor, adminId, message: outcome.refused } })
  } catch (err) {
    // The refund stays pending: the same request (or the provider's refund event) settles it later.
    if (err instanceof ConcurrentChange) throw new ConflictError(orderMessages.staleOrder)
    throw err
  }
  // The provider's own answer (402 a refused card, 400 an invalid request), after everything was put back.
  if ('refused' in outcome) throw outcome.error
  const [order] = await orders.getOrders([orderId], { consistent: true })
  return { order: order!, entry: (await ledger.getEntry(orderId, refund.paymentId))! }
}
