import type { Payment } from './order.ts'
import { paymentIdFor, unrefundedCents, type Allocation } from './payment.ts'

/**
 * Money the card provider moved on its own (a refund made in its dashboard, a dispute) lands on the ledger entries
 * the charge paid. A charge may have paid several orders (a batch payment): its checkout lists them in its
 * allocations, and each order holds its share as a `payment` entry (what its bill took) and maybe a `credit` entry
 * (money above the bill).
 */

/** The ledger entries a card charge made on one order: what its bill took, and what was above it. */
export const cardEntryIds = (paymentIntentId: string, orderId: string) => {
  const payment = paymentIdFor(paymentIntentId, orderId)
  return { payment, credit: `${payment}_credit` }
}

/** The keys of every entry a card charge may have made: each order of its allocations, its payment and its credit. */
export const cardEntryKeys = (paymentIntentId: string, allocations: readonly Allocation[]) =>
  allocations.flatMap((a) => Object.values(cardEntryIds(paymentIntentId, a.orderId)).map((paymentId) => ({ orderId: a.orderId, paymentId })))

export interface MoneyPiece {
  orderId: string
  /** The entry this piece of the provider's amount is taken from. */
  entry: Payment
  cents: number
}

/**
 * Splits an amount the provider took back from a charge over the entries it paid: orders in the order the payment's
 * allocations list them; in each, its credit first (money above the bill goes back before the bill is reopened),
 * then its payment; never more than what is left of an entry (its amount less what was refunded of it). What no
 * entry holds any more is `unattributedCents` (staff look at it).
 */
export function splitAcrossEntries(paymentIntentId: string, allocations: readonly Allocation[], entries: readonly Payment[], amountCents: number): { pieces: MoneyPiece[]; unattributedCents: number } {
  let left = Math.max(0, Math.round(amountCents))
  const pieces: MoneyPiece[] = []
  const byId = new Map(entries.filter((e) => e.paymentStatus === 'successful' && e.orderId).map((e) => [e.paymentId, e]))
  for (const a of allocations) {
    const ids = cardEntryIds(paymentIntentId, a.orderId)
    for (const id of [ids.credit, ids.payment]) {
      const entry = byId.get(id)
      if (!entry || left === 0) continue
      const cents = Math.min(left, unrefundedCents(entry))
      if (cents <= 0) continue
      pieces.push({ orderId: a.orderId, entry, cents })
      left -= cents
    }
  }
  return { pieces, unattributedCents: left }
}

/** The ledger entry of one order's share of a refund made at the card provider (one per refund, order and entry refunded). */
export const providerRefundEntryId = (refundId: string, source: Payment) => `refund_${refundId}_${source.paymentId}`
/** The ledger entry of what a lost dispute took back of one entry. */
export const chargebackEntryId = (disputeId: string, source: Payment) => `chargeback_${disputeId}_${source.paymentId}`
/** The discount a price-reduction refund adds beside itself (same amount, same transaction). */
export const priceReductionEntryId = (refundEntryId: string) => `${refundEntryId}_reduction`

/** A chargeback: what a lost dispute took back (a `refund` entry carrying the dispute, never a refund the shop made). */
export const isChargeback = (e: Pick<Payment, 'kind' | 'dispute'>) => e.kind === 'refund' && !!e.dispute

/** The provider's refund statuses, as the ledger's: settled, still settling, or never made. */
export function refundStatusOf(providerStatus: string): Payment['paymentStatus'] {
  if (providerStatus === 'succeeded') return 'successful'
  if (providerStatus === 'failed' || providerStatus === 'canceled') return 'failed'
  return 'pending'
}

/**
 * The paid amount the release rule counts (domain/release-rule.ts): the balance, plus card money under an open dispute
 * (not received while the dispute is open: lost, it is taken back; won, it counts again).
 */
export const heldForReleaseCents = (balanceDueCents: number, disputedCents: number | undefined) => balanceDueCents + Math.max(0, disputedCents ?? 0)
