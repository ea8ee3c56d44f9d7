import type { LedgerFlag, LedgerKind } from './api-types.ts'
import { formatCents } from './money.ts'

/** Stripe refuses a card charge under $0.50 USD; the dev gateway refuses it too, so the local stack walks the same path. */
export const MIN_CHARGE_CENTS = 50
/** Stripe's largest charge in USD ($999,999.99: 8 digits of cents); a larger one is refused before the provider is asked. */
export const MAX_CHARGE_CENTS = 99_999_999

export const chargeMessages = {
  belowMinimum: `A card payment must be at least ${formatCents(MIN_CHARGE_CENTS)}.`,
  aboveMaximum: `A card payment can be at most ${formatCents(MAX_CHARGE_CENTS)}. Please pay part of it, or contact the shop to pay this amount.`,
  balanceBelowMinimum: (balanceCents: number) =>
    `The balance of ${formatCents(balanceCents)} is below the ${formatCents(MIN_CHARGE_CENTS)} minimum for a card payment. Please pay it at the shop.`,
  leavesBelowMinimum: (balanceCents: number) =>
    `A partial payment must leave at least ${formatCents(MIN_CHARGE_CENTS)} owing. Pay the full balance of ${formatCents(balanceCents)}, or at most ${formatCents(balanceCents - MIN_CHARGE_CENTS)}.`,
}

export type ChargeProblem = { kind: 'below_minimum' | 'above_maximum' | 'balance_below_minimum' | 'leaves_below_minimum'; message: string }

/**
 * Why a card charge of `amountCents` against a balance of `balanceCents` cannot be made, or null:
 * every charge is at least $0.50 and at most Stripe's $999,999.99, and a partial one may not leave
 * less than $0.50 owing (that rest could then never be paid by card).
 */
export function cardChargeProblem(amountCents: number, balanceCents: number): ChargeProblem | null {
  if (balanceCents > 0 && balanceCents < MIN_CHARGE_CENTS) return { kind: 'balance_below_minimum', message: chargeMessages.balanceBelowMinimum(balanceCents) }
  if (amountCents < MIN_CHARGE_CENTS) return { kind: 'below_minimum', message: chargeMessages.belowMinimum }
  if (amountCents > MAX_CHARGE_CENTS) return { kind: 'above_maximum', message: chargeMessages.aboveMaximum }
  const rest = balanceCents - amountCents
  if (rest > 0 && rest < MIN_CHARGE_CENTS) return { kind: 'leaves_below_minimum', message: chargeMessages.leavesBelowMinimum(balanceCents) }
  return null
}

/** Money staff take at the counter (recorded, not charged through the provider). */
export const SHOP_PAYMENT_METHODS = ['cash', 'check', 'card_present'] as const
export type ShopPaymentMethod = (typeof SHOP_PAYMENT_METHODS)[number]
/** Lowering what the customer owes without money: a discount (a price concession) or a write-off (a debt given up). */
export const ADJUSTMENT_KINDS = ['discount', 'write_off'] as const
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number]
/** How money goes back: `card` refunds a card payment through the provider; the others are handed back in the shop. */
export const REFUND_METHODS = ['card', 'cash', 'check', 'card_present'] as const
export type RefundMethod = (typeof REFUND_METHODS)[number]
/**
 * What a refund is (staff choose it with the refund): `price_reduction` gives money back because the price went down,
 * so the bill goes down with it (a discount of the same amount, in the same transaction: no balance reappears);
 * `return` gives money back and the bill stays: an overpayment (a credit) or, on a payment, money the customer owes again.
 */
export const REFUND_PURPOSES = ['price_reduction', 'return'] as const
export type RefundPurpose = (typeof REFUND_PURPOSES)[number]
/** The method label of the discount a price reduction adds beside its refund. */
export const PRICE_REDUCTION_LABEL = 'Price reduction'
/** The method label of a payment's money a lost dispute took back. */
export const CHARGEBACK_LABEL = 'Chargeback'
/** The method label of a refund made at the card provider (its dashboard), not in the portal. */
export const PROVIDER_REFUND_LABEL = 'Refund (Credit Card, at the card provider)'

/** The ledger's method labels (the "Payment Method" column). */
export const METHOD_LABELS: Record<ShopPaymentMethod | AdjustmentKind, string> = {
  cash: 'Cash',
  check: 'Check',
  card_present: 'Card (in shop)',
  discount: 'Discount',
  write_off: 'Write-off',
}
export const refundMethodLabel = (m: RefundMethod) => `Refund (${m === 'card' ? 'Credit Card' : METHOD_LABELS[m]})`

/** A dispute's status as the card provider names it (Stripe's), as staff read it. */
export const DISPUTE_STATUS_LABELS: Record<string, string> = {
  warning_needs_response: 'Inquiry: needs response',
  warning_under_review: 'Inquiry: under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Needs response',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  prevented: 'Prevented',
}
export const disputeStatusLabel = (status: string) => DISPUTE_STATUS_LABELS[status] ?? status
/** Decided: the money is back (won, an inquiry closed without a chargeback, prevented) or gone (lost). */
export const DISPUTE_CLOSED_STATUSES = ['won', 'lost', 'warning_closed', 'prevented'] as const
export const isDisputeOpen = (status: string) => !(DISPUTE_CLOSED_STATUSES as readonly string[]).includes(status)
/** "Disputed $79.00 · Needs response": the state staff see on the order and in Payments. */
export const disputeText = (d: { amountCents: number; status: string }) =>
  d.status === 'lost' ? `Dispute lost ${formatCents(d.amountCents)}` : isDisputeOpen(d.status) ? `Disputed ${formatCents(d.amountCents)} · ${disputeStatusLabel(d.status)}` : `Dispute ${disputeStatusLabel(d.status).toLowerCase()} ${formatCents(d.amountCents)}`
/** What the customer reads of money the shop gave back: "Refunded $20.00". */
export const refundedText = (cents: number) => `Refunded ${formatCents(cents)}`

/** A ledger entry's kind as staff read it. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  adjustment: 'Adjustment',
  credit: 'Credit',
}

/** Why staff should look at an entry. */
export const LEDGER_FLAG_LABELS: Record<LedgerFlag, string> = {
  overpayment: 'Overpayment credit',
  order_deleted: 'Paid after the order was deleted',
  order_archived: 'Paid after the order was archived',
  unconfirmed: 'Needs review: not confirmed by the card provider',
}

/** Flags whose money the shop holds and should give back. */
export const isCreditFlag = (flag: LedgerFlag | null): flag is 'overpayment' | 'order_deleted' => flag === 'overpayment' || flag === 'order_deleted'

/** Staff entries' texts: history notes and refusals. */
export const ledgerMessages = {
  requestIdInvalid: 'requestId must be a UUID (one per attempt, reused on retry)',
  methodInvalid: 'Method must be cash, check or card_present',
  kindInvalid: 'Kind must be discount or write_off',
  refundMethodInvalid: 'Method must be card, cash, check or card_present',
  amountInvalid: 'Amount must be a whole number of cents above zero',
  reasonRequired: 'A reason is required',
  referenceTooLong: 'Reference must be at most 100 characters',
  noBalanceDue: 'This order has no balance due',
  aboveBalance: (balanceCents: number) => `Amount cannot exceed the balance due of ${formatCents(balanceCents)}`,
  entryNotFound: 'Payment not found',
  notRefundable: 'Only a successful payment or credit can be refunded',
  aboveRefundable: (cents: number) => `Amount cannot exceed the ${formatCents(cents)} not yet refunded`,
  cardRefundNeedsCard: 'Only a card payment can be refunded to the card: choose how the money was handed back',
  refundPurposeInvalid: 'Purpose must be price_reduction or return',
  creditNotReduction: 'A credit is money received above the bill: refund it as a return of money (the bill stays as it is)',
  reductionAboveBalance: (balanceCents: number) =>
    balanceCents <= 0 ? 'This order has no balance due: the refund already left the bill as it was' : `A price reduction cannot be more than the balance due of ${formatCents(balanceCents)}`,
  notProviderRefund: 'Only a refund made at the card provider can be marked as a price reduction',
  alreadyPriceReduction: 'This refund is already a price reduction',
  priceReductionNote: (amount: string, reason: string) => `Price reduction of ${amount} (refunded): ${reason}`,
  markedPriceReductionNote: (amount: string) => `The refund of ${amount} made at the card provider was marked as a price reduction: the bill went down by ${amount}.`,
  providerRefundNote: (amount: string, orderShare: string) =>
    `The card provider refunded ${amount} of this card payment outside the portal (its dashboard)${orderShare === amount ? '' : `; ${orderShare} of it was this order's`}. The bill stays: mark it as a price reduction if the price went down.`,
  providerRefundUnattributed: (amount: string) => `The card provider refunded ${amount} more than the ledger holds of this card payment: look at it in the card provider's dashboard.`,
  refundSettledFailedNote: (amount: string, reason: string) => `The card provider reports the refund of ${amount} failed (${reason}): the money counts as paid again.`,
  disputeOpenedNote: (amount: string, reason: string) =>
    `The customer's card issuer disputed ${amount} of a card payment (reason: ${reason}). Until the dispute is decided this money does not count as received, and the firearm is not released without an override.`,
  disputeWonNote: (amount: string) => `The dispute of ${amount} was decided in the shop's favor: the money counts as received again.`,
  disputeLostNote: (amount: string) => `The dispute of ${amount} was lost: the card provider took the money back. It no longer counts as paid.`,
  disputeUpdatedNote: (amount: string, status: string) => `The dispute of ${amount} is now: ${status}.`,
  paymentNote: (label: string, amount: string, reference?: string | null) => `${label} payment of ${amount} recorded${reference ? ` (${reference})` : ''}`,
  adjustmentNote: (label: string, amount: string, reason: string) => `${label} of ${amount}: ${reason}`,
  refundNote: (amount: string, label: string, reason: string) => `${label}: ${amount} refunded. ${reason}`,
  refundRefused: (status: string) => `Refund failed: the card provider reports the refund ${status}`,
  refundFailedNote: (amount: string, message: string) => `A refund of ${amount} was refused by the card provider: ${message}`,
  /** A payment in the shop refused while the customer's card payment of the order is paid or settling at the provider (`status`). */
  cardPaymentInProgress: (status: string) =>
    status === 'succeeded'
      ? "A card payment is in progress for this order: the customer's card has just been charged. Reload the order to see what is still owed before taking a payment in the shop."
      : 'A card payment is in progress for this order: the card provider is still processing it. Wait until it shows under Payments and Refunds (reload the order), then record what is still owed.',
}
