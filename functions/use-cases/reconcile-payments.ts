import type { LedgerRepository } from '../db/repositories/ledger.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { CheckoutReviewRepository } from '../db/repositories/checkout-review.ts'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import type { ReconciliationRepository, ReconciliationRun } from '../db/repositories/reconciliations.ts'
import type { Payment } from '../domain/order.ts'
import { log } from '../lib/logger.ts'
import type { ProviderLedgerRepository } from '../db/repositories/provider-ledger.ts'
import { isChargeback } from '../domain/provider-money.ts'
import type { PaymentGateway, ProviderCharge } from '../payments/gateway.ts'
import { handleStripeEvent, PAYMENT_REVIEW_ALERT } from './handle-stripe-event.ts'
import { settleRefund } from './provider-refunds.ts'

/** How far back each run looks, by when a payment was made (Stripe retries a webhook for 3 days; a week covers a long outage). */
export const RECONCILE_DAYS = 7
/**
 * How long a run may compare before it stops and reports itself unfinished. The function's timeout is 5 minutes
 * (infra/stacks/api-stack.ts): the last minute is left to store the run and log it.
 */
export const RECONCILE_BUDGET_MS = 4 * 60 * 1000
/** Charges a provider request lists, and ledger entries a Query reads (Stripe's largest page). */
export const RECONCILE_PAGE_SIZE = 100
/**
 * The ledger is read from this long before the window: an entry is dated by this portal's clock when the webhook
 * records it, the charge by the provider's when it was made, and the two may straddle the window's start.
 */
const LEDGER_MARGIN_MS = 60 * 60 * 1000
/** The `alert` of the line a run that did not finish logs (the ReconcileUnfinished alarm counts it). */
export const RECONCILE_UNFINISHED_ALERT = 'reconcile_unfinished'

export type DifferenceKind = 'unknown_intent' | 'recorded_late' | 'not_confirmed' | 'amount_mismatch' | 'refund_mismatch' | 'dispute_mismatch' | 'not_succeeded_at_provider'

interface Reconcile {
  gateway: Pick<PaymentGateway, 'mode' | 'listSucceededCharges' | 'retrieveIntent' | 'listRefunds'>
  orders: Pick<OrderRepository, 'getOrders'>
  payments: Pick<PaymentRepository, 'getCheckout' | 'recordSucceededCheckout' | 'applyCheckoutEvent' | 'setReceiptUrl'> & Pick<CheckoutReviewRepository, 'recordUnconfirmed'>
  runs: Pick<ReconciliationRepository, 'save'>
  ledger: Pick<LedgerRepository, 'listSince'>
  /** Where a pending refund the provider has settled is settled (settleRefund, as the webhook's refund events do). */
  providerLedger: ProviderLedgerRepository
  now?: () => Date
  /** Charges and ledger entries read a request (tests: small pages). */
  pageSize?: number
  /** Time the run may take before it stops unfinished (tests: a short one). */
  budgetMs?: number
}

/** What the ledger holds of one card charge: card money recorded for it, refunds to the card, and its dispute. */
interface LedgerCard {
  paidCents: number
  /** Refunds to the card, settled or pending (the portal's and the provider's dashboard's); never a chargeback. */
  refundedCents: number
  /** Its refunds still pending: the provider may have settled them since (the run settles them). */
  pending: Payment[]
  /** The status of its dispute as the dispute events recorded it on the card entries; null when none was recorded. */
  disputeStatus: string | null
}

const emptyCard = (): LedgerCard => ({ paidCents: 0, refundedCents: 0, pending: [], disputeStatus: null })

const isCardMoney = (e: Payment) => e.paymentIntentId !== '' && e.paymentStatus === 'successful' && ['payment', 'credit'].includes(e.kind ?? 'payment')
/**
 * A refund to the card: settled, or recorded and not yet settled by the provider (which then should have it too). A
 * chargeback (what a lost dispute took back) is not one: the provider's refunded amount does not count it either.
 */
const isCardRefund = (e: Payment) => e.kind === 'refund' && e.paymentIntentId !== '' && !isChargeback(e) && (e.paymentStatus === 'successful' || e.paymentStatus === 'pending')

function addLedgerEntry(cards: Map<string, LedgerCard>, e: Payment) {
  if (!isCardMoney(e) && !isCardRefund(e)) return
  const card = cards.get(e.paymentIntentId) ?? emptyCard()
  if (isCardMoney(e)) {
    card.paidCents += e.amountCents
    // A batch charge's entries each carry their share of the one dispute, with the same status.
    if (e.dispute) card.disputeStatus = e.dispute.status
  } else {
    card.refundedCents += e.amountCents
    if (e.paymentStatus === 'pending') card.pending.push(e)
  }
  cards.set(e.paymentIntentId, card)
}

/**
 * The card's pending refunds the provider reports settled (succeeded, failed or canceled), settled as its refund
 * events would have (settleRefund): the portal's own by the entry its metadata names, a dashboard refund's pieces by
 * the provider's refund id. Answers the cents that no longer count as refunded (those that failed).
 */
async function settlePendingRefunds({ card, paymentIntentId, gateway, orders, providerLedger, now }: { card: LedgerCard; paymentIntentId: string; gateway: Pick<PaymentGateway, 'listRefunds'>; orders: Pick<OrderRepository, 'getOrders'>; providerLedger: ProviderLedgerRepository; now: () => Date }): Promise<{ settled: number; failedCents: number }> {
  let settled = 0
  let failedCents = 0
  for (const r of await gateway.listRefunds(paymentIntentId)) {
    if (r.status === 'pending' || r.status === 'requires_action') continue
    const entries = card.pending.filter((e) => (r.metadata.ledgerEntry ? e.paymentId === r.metadata.ledgerEntry && e.orderId === r.metadata.orderId : e.providerRefundId === r.refundId))
    for (const e of entries) {
      const outcome = await settleRefund({ orders, ledger: providerLedger, now, orderId: e.orderId, refundEntryId: e.paymentId, status: r.status, providerRefundId: r.refundId, failureReason: r.failureReason })
      if (outcome !== 'updated') continue
      settled++
      if (r.status !== 'succeeded') failedCents += e.amountCents
    }
  }
  return { settled, failedCents }
}

const isoSeconds = (unix: number) => new Date(unix * 1000).toISOString()

/**
 * Compares the provider's charges paid in the last 7 days (by when they were paid, however old their intent) with
 * what is recorded, both ways. A success the webhook never recorded is recorded now (through the webhook's own path,
 * so the provider confirms it and it lands once); an amount, a refunded amount or a dispute that differs, a charge
 * that is not ours, or a recorded card payment the provider does not report as succeeded is reported. A receipt that
 * was not ready when the payment was recorded is filled in, and a pending refund the provider has settled is settled. It reads everything in its window page by page; out of
 * time (`budgetMs`) it stops, stores the run as unfinished and logs it for its alarm. Every run is stored; any
 * difference is logged for the alarm (alert: payment_review).
 */
export async function reconcilePayments({ gateway, orders, payments, ledger, providerLedger, runs, now = () => new Date(), pageSize = RECONCILE_PAGE_SIZE, budgetMs = RECONCILE_BUDGET_MS }: Reconcile): Promise<ReconciliationRun> {
  const at = now()
  const since = new Date(at.getTime() - RECONCILE_DAYS * 24 * 60 * 60 * 1000)
  const outOfTime = () => now().getTime() - at.getTime() >= budgetMs
  const budget = `its ${Math.round(budgetMs / 1000)}-second budget`
  const differences: ReconciliationRun['differences'] = []
  const differ = (paymentIntentId: string, kind: DifferenceKind, detail: string) => differences.push({ paymentIntentId, kind, detail })
  let unfinished: string | undefined
  let checked = 0
  let recorded = 0
  let receiptsFilled = 0
  let refundsSettled = 0

  // The provider's side: every charge paid in the window, newest first.
  const listed = new Set<string>()
  const compared = new Map<string, ProviderCharge>()
  // Up to the run's start: a payment made while it runs is the next run's (its webhook is on its way).
  for await (const charge of gateway.listSucceededCharges({ since, until: at, pageSize })) {
    if (outOfTime()) {
      unfinished = `Stopped at ${budget} after ${checked} charges: those paid at or before ${isoSeconds(charge.created)} were not compared, nor was the ledger`
      break
    }
    checked++
    const intentId = charge.paymentIntentId
    if (!intentId) {
      differ('', 'unknown_intent', `The provider has a ${charge.amountCents}-cent charge (${charge.id}) made without a payment intent: not this portal's`)
      continue
    }
    listed.add(intentId)
    const checkout = await payments.getCheckout(intentId)
    if (!checkout) {
      differ(intentId, 'unknown_intent', `The provider has a ${charge.amountCents}-cent payment with no checkout here`)
      continue
    }
    if (checkout.status !== 'succeeded') {
      // The webhook's own path: the provider is asked again, and the payment lands exactly once.
      const outcome = await handleStripeEvent({
        event: { id: `reconcile_${intentId}`, type: 'payment_intent.succeeded', created: charge.created, data: { object: { id: intentId } } },
        orders,
        payments,
        gateway,
        now,
      })
      if (outcome === 'recorded') {
        recorded++
        differ(intentId, 'recorded_late', `Succeeded at the provider but was ${checkout.status} here: recorded now`)
      } else if (outcome !== 'duplicate') differ(intentId, 'not_confirmed', `Succeeded at the provider but could not be recorded (${outcome})`)
      continue
    }
    if (checkout.amountCents !== charge.amountCents) differ(intentId, 'amount_mismatch', `Recorded ${checkout.amountCents} cents, the provider received ${charge.amountCents}`)
    else compared.set(intentId, charge)
    if (!checkout.receiptUrl && charge.receiptUrl) {
      await payments.setReceiptUrl(checkout, charge.receiptUrl)
      receiptsFilled++
    }
  }

  // The ledger's side: card money, card refunds and disputes of the window, page by page.
  const cards = new Map<string, LedgerCard>()
  if (!unfinished) {
    const ledgerSince = new Date(since.getTime() - LEDGER_MARGIN_MS).toISOString()
    let cursor: string | null = null
    do {
      if (outOfTime()) {
        unfinished = `Stopped at ${budget} while reading the ledger: the ${checked} charges were compared with their checkouts, not with the ledger's entries`
        break
      }
      const page = await ledger.listSince(ledgerSince, { limit: pageSize, cursor })
      for (const entry of page.items) addLedgerEntry(cards, entry)
      cursor = page.cursor
    } while (cursor)
  }

  if (!unfinished) {
    for (const [intentId, charge] of compared) {
      const card = cards.get(intentId) ?? emptyCard()
      if (card.pending.length > 0) {
        if (outOfTime()) {
          unfinished = `Stopped at ${budget} while settling refunds: the charges from ${intentId} on were not compared with the ledger`
          break
        }
        const { settled, failedCents } = await settlePendingRefunds({ card, paymentIntentId: intentId, gateway, orders, providerLedger, now })
        refundsSettled += settled
        card.refundedCents -= failedCents
      }
      if (card.paidCents !== charge.amountCents) differ(intentId, 'amount_mismatch', `The ledger holds ${card.paidCents} cents of card payments for it, the provider received ${charge.amountCents}`)
      if (card.refundedCents !== charge.amountRefundedCents) differ(intentId, 'refund_mismatch', `The ledger has ${card.refundedCents} cents refunded to the card, the provider ${charge.amountRefundedCents}`)
      if (card.disputeStatus !== charge.disputeStatus) {
        differ(intentId, 'dispute_mismatch', charge.disputeStatus ? `The provider reports a dispute (${charge.disputeStatus}); the ledger ${card.disputeStatus ? `has it as ${card.disputeStatus}` : 'records none'}` : `The ledger has a dispute (${card.disputeStatus}) the provider does not report`)
      }
    }
  }
  if (!unfinished) {
    // The other way: card money recorded in the window whose charge the provider did not list as paid in it.
    for (const [intentId, card] of cards) {
      if (listed.has(intentId) || card.paidCents === 0) continue
      if (outOfTime()) {
        unfinished = `Stopped at ${budget} while asking the provider about card payments recorded here that it did not list`
        break
      }
      // Paid just before the window and recorded inside it, or not paid at all: the provider says which.
      const provider = await gateway.retrieveIntent(intentId)
      if (provider?.status !== 'succeeded') differ(intentId, 'not_succeeded_at_provider', `Recorded as paid, but the provider reports ${provider ? provider.status : 'no such intent'}`)
    }
  }

  const run: ReconciliationRun = { ranAt: at.toISOString(), since: since.toISOString(), mode: gateway.mode, complete: !unfinished, ...(unfinished ? { unfinished } : {}), checked, recorded, receiptsFilled, differences }
  await runs.save(run)
  if (unfinished) log.error('payment reconciliation did not finish', { alert: RECONCILE_UNFINISHED_ALERT, since: run.since, checked, unfinished })
  if (refundsSettled) log.info('payment reconciliation settled refunds the provider had settled', { refundsSettled })
  if (differences.length) log.error('payment reconciliation found differences', { alert: PAYMENT_REVIEW_ALERT, count: differences.length, differences })
  else if (!unfinished) log.info('payment reconciliation: provider and ledger agree', { checked, receiptsFilled, refundsSettled })
  return run
}
