import { formatCents } from '@gs/shared/money'
import { orderMessages } from '@gs/shared/order-messages'
import { ledgerMessages as lm, refundMethodLabel } from '@gs/shared/payment-rules'
import type { RefundInput } from '@gs/shared/schemas/ledger'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import type { LedgerWrite } from '../db/repositories/ledger.ts'
import { paymentRefundedNotification } from '../domain/payment-notifications.ts'
import type { Payment } from '../domain/order.ts'
import { unrefundedCents } from '../domain/payment.ts'
import { ApiError, ConflictError, NotFoundError, PaymentFailedError, ValidationError } from '../lib/errors.ts'
import { retryOnConflict } from '../lib/retry.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { loadStaffOrder, orderAudit, staffUpdate } from './admin-order-write.ts'
import { bumped, recordOnce, staffEntry, type Deps, type LedgerResult } from './shop-ledger.ts'

/**
 * Refunds part or all of a payment or credit. Recorded first (the entry's refunded amount, the
 * order's paid amount or credit, a refund entry), so two refunds can never take the same money;
 * then, to a card, the provider refunds it under the request's id (a retry refunds once) and the
 * entry settles; a refusal puts everything back, in the history too.
 */
export async function refundEntry({ orders, ledger, gateway, orderId, paymentId, adminId, actor, input, now = () => new Date() }: Deps & { gateway: () => Promise<Pick<PaymentGateway, 'refund'>>; paymentId: string; input: RefundInput }): Promise<LedgerResult> {
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
        // Money given back in the shop is given now; a card refund tells the customer once the provider took it.
        notifications: input.method === 'card' ? [] : [paymentRefundedNotification({ order: o, at, id: sortableId(Date.parse(at)), amountCents: input.amountCents, method: input.method })],
      }
    },
  })
  const refund = recorded.entry
  if (refund.paymentStatus !== 'pending' || !refund.paymentIntentId) return recorded
  return settleCardRefund({ orders, ledger, gateway, orderId, adminId, actor, refund, now })
}

/** Asks the provider for a recorded card refund (idempotent by its id) and settles the entry, or puts everything back when refused. */
async function settleCardRefund({ orders, ledger, gateway, orderId, adminId, actor, refund, now = () => new Date() }: Omit<Deps, 'orderId'> & { orderId: string; gateway: () => Promise<Pick<PaymentGateway, 'refund'>>; refund: Payment }): Promise<LedgerResult> {
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
  // Settled on the order as it is now: read again and retried when another write lands in between (lib/retry.ts).
  return retryOnConflict(
    async (attempt) => {
      const o = await loadStaffOrder({ orders, orderId })
      const at = now().toISOString()
      let w: LedgerWrite
      if ('refundId' in outcome) {
        // Another request may have settled it since the first attempt: read it again before telling the customer.
        const seen = attempt === 1 ? refund : ((await ledger.getEntry(orderId, refund.paymentId)) ?? refund)
        w = {
          order: { order: bumped(o, at, {}), expected: o.version },
          settle: { paymentId: refund.paymentId, set: { paymentStatus: outcome.status === 'succeeded' ? 'successful' : 'pending', providerRefundId: outcome.refundId } },
          // The provider took it (settled or settling): the customer is told once, when it first does.
          notifications: seen.providerRefundId ? [] : [paymentRefundedNotification({ order: o, at, id: sortableId(Date.parse(at)), amountCents: refund.amountCents, method: 'card' })],
        }
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
        // The refund the staff member asked for was refused: what it put back is theirs too.
        if (actor) w.audit = [orderAudit({ actor, action: 'ledger.refund', summary: `Card refund of ${formatCents(refund.amountCents)} refused: ${outcome.refused}` }, o, w.order.order, at)]
      }
      const order = await ledger.write(w)
      const entry = (await ledger.getEntry(orderId, refund.paymentId))!
      // The provider's own answer (402 a refused card, 400 an invalid request), after everything was put back.
      if ('refused' in outcome) throw outcome.error
      return { order, entry }
    },
    // The refund stays pending: the same request settles it later.
    { exhausted: () => new ConflictError(orderMessages.staleOrder) },
  )
}
