import { formatCents } from '@gs/shared/money'
import { CHARGEBACK_LABEL, disputeStatusLabel, isDisputeOpen, ledgerMessages as lm } from '@gs/shared/payment-rules'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import type { EntriesWrite } from '../db/repositories/provider-ledger.ts'
import type { EntryDispute, Payment } from '../domain/order.ts'
import { ledgerFields } from '../domain/payment.ts'
import { cardEntryKeys, chargebackEntryId, splitAcrossEntries, type MoneyPiece } from '../domain/provider-money.ts'
import { log } from '../lib/logger.ts'
import { retryOnConflict } from '../lib/retry.ts'
import type { PaymentGateway, ProviderDispute } from '../payments/gateway.ts'
import { PAYMENT_REVIEW_ALERT, type EventOutcome } from './handle-stripe-event.ts'
import { OrderChanges, systemUpdate, type ProviderMoneyDeps } from './provider-refunds.ts'

/**
 * What the provider's dispute events say (`charge.dispute.created`, `.updated`, `.closed`, `.funds_withdrawn`,
 * `.funds_reinstated`): the provider is asked for the dispute as it is now, and it lands on the card entries its charge
 * made, split as a refund at the provider is (domain/provider-money.ts). Each entry carries its share and the status;
 * each order's `disputedCents` holds its shares of open disputes (the release rule counts them as not received).
 * Lost: what it took back is a chargeback entry (the order's paid or credit goes down). Won: the money counts again.
 * Each change of status is in the order's history; opened and lost alert staff (`alert=payment_review`).
 */
export async function syncProviderDispute({ disputeId, eventId, gateway, ...deps }: ProviderMoneyDeps & { disputeId: string; eventId: string; gateway: Pick<PaymentGateway, 'retrieveDispute'> }): Promise<EventOutcome> {
  const dispute = await gateway.retrieveDispute(disputeId)
  const checkout = dispute ? await deps.ledger.getCheckout(dispute.paymentIntentId) : null
  if (!dispute || !checkout) {
    log.warn('stripe dispute event for an unknown dispute or payment intent', { eventId, disputeId, paymentIntentId: dispute?.paymentIntentId })
    return 'unknown_intent'
  }
  const { orders, ledger, now = () => new Date() } = deps
  const pi = checkout.paymentIntentId
  const sourceKeys = cardEntryKeys(pi, checkout.allocations)
  const outcome = await retryOnConflict(async (): Promise<EventOutcome> => {
    const sources = await ledger.getEntries(sourceKeys)
    const known = sources.filter((s) => s.dispute?.disputeId === dispute.id)
    // Known: each entry keeps the share it was first given. New: the dispute's amount split over the entries.
    const pieces: MoneyPiece[] = known.length > 0 ? known.map((entry) => ({ orderId: entry.orderId, entry, cents: entry.dispute!.amountCents })) : splitAcrossEntries(pi, checkout.allocations, sources, dispute.amountCents).pieces
    if (pieces.length === 0 || pieces.every((p) => p.entry.dispute?.status === dispute.status)) return 'duplicate'
    const at = now().toISOString()
    const changes = new OrderChanges(await orders.getOrders([...new Set(pieces.map((p) => p.orderId))], { consistent: true }))
    const w: Required<Pick<EntriesWrite, 'entries' | 'updates'>> = { entries: [], updates: [] }
    const noted = new Set<string>()
    for (const [i, p] of pieces.entries()) {
      const before = p.entry.dispute
      const share: EntryDispute = { disputeId: dispute.id, status: dispute.status, amountCents: p.cents, reason: dispute.reason, updatedAt: at }
      const wasOpen = before ? isDisputeOpen(before.status) : false
      const open = isDisputeOpen(dispute.status)
      const lostNow = dispute.status === 'lost' && before?.status !== 'lost'
      const o = changes.get(p.orderId)
      // What a lost dispute took back is what is left of the entry (a refund may have given part of it back since).
      const takenCents = lostNow ? Math.min(p.cents, p.entry.amountCents - (p.entry.refundedCents ?? 0)) : 0
      w.entries.push({ before: p.entry, after: { ...p.entry, dispute: share, refundedCents: (p.entry.refundedCents ?? 0) + takenCents } })
      if (takenCents > 0) w.entries.push({ before: null, after: chargebackEntry(p.entry, dispute, share, takenCents, at) })
      const fromCredit = p.entry.kind === 'credit'
      changes.move(p.orderId, at, { disputed: (open ? p.cents : 0) - (wasOpen ? p.cents : 0), ...(fromCredit ? { credit: -takenCents } : { paid: -takenCents }) })
      if (!noted.has(p.orderId)) {
        noted.add(p.orderId)
        const amount = formatCents(pieces.filter((q) => q.orderId === p.orderId).reduce((s, q) => s + q.cents, 0))
        w.updates.push(systemUpdate(o, HISTORY_EVENTS.paymentDisputed, disputeNote(before, dispute, amount), at, i))
      }
    }
    await ledger.write({ orders: changes.writes(), ...w })
    return pieces.some((p) => !p.entry.dispute) ? 'recorded' : 'updated'
  })
  if (outcome === 'duplicate') return outcome
  const fields = { paymentIntentId: pi, disputeId: dispute.id, status: dispute.status, amountCents: dispute.amountCents, reason: dispute.reason, eventId }
  // Opened or lost: staff must act (answer it, or collect what it took back); the alarm counts these lines.
  if (dispute.status === 'lost' || (isDisputeOpen(dispute.status) && outcome === 'recorded')) log.error(`card payment dispute ${dispute.status === 'lost' ? 'lost' : 'opened'}`, { alert: PAYMENT_REVIEW_ALERT, ...fields })
  else log.info('card payment dispute updated', fields)
  return outcome
}

function disputeNote(before: EntryDispute | undefined, dispute: ProviderDispute, amount: string): string {
  if (dispute.status === 'lost') return lm.disputeLostNote(amount)
  if (!isDisputeOpen(dispute.status)) return lm.disputeWonNote(amount)
  if (!before) return lm.disputeOpenedNote(amount, dispute.reason)
  return lm.disputeUpdatedNote(amount, disputeStatusLabel(dispute.status))
}

/** What a lost dispute took back of an entry: a refund-kind entry carrying the dispute (a chargeback, not a refund the shop made). */
function chargebackEntry(source: Payment, dispute: ProviderDispute, share: EntryDispute, cents: number, at: string): Payment {
  return {
    ...ledgerFields(source),
    paymentId: chargebackEntryId(dispute.id, source),
    customerId: source.customerId,
    amountCents: cents,
    paymentDate: at,
    paymentMethod: CHARGEBACK_LABEL,
    paymentStatus: 'successful',
    paymentIntentId: source.paymentIntentId,
    kind: 'refund',
    refundOf: source.paymentId,
    reason: `Dispute lost (${dispute.reason})`,
    origin: 'provider',
    dispute: share,
  }
}
