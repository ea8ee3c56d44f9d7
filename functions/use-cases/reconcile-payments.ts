import type { LedgerRepository } from '../db/repositories/ledger.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { CheckoutReviewRepository } from '../db/repositories/checkout-review.ts'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import type { ReconciliationRepository, ReconciliationRun } from '../db/repositories/reconciliations.ts'
import { log } from '../lib/logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { handleStripeEvent, PAYMENT_REVIEW_ALERT } from './handle-stripe-event.ts'

/** How far back each run looks (Stripe retries a webhook for 3 days; a week covers a long outage). */
export const RECONCILE_DAYS = 7
/** At most this many provider intents per run (bounded work; a busier week is reported, not silently cut). */
export const RECONCILE_LIMIT = 2_000

export type DifferenceKind = 'unknown_intent' | 'recorded_late' | 'not_confirmed' | 'amount_mismatch' | 'not_succeeded_at_provider' | 'window_truncated'

interface Reconcile {
  gateway: Pick<PaymentGateway, 'mode' | 'listSucceededIntents' | 'retrieveIntent'>
  orders: Pick<OrderRepository, 'getOrders'>
  payments: Pick<PaymentRepository, 'getCheckout' | 'recordSucceededCheckout' | 'applyCheckoutEvent' | 'setReceiptUrl'> & Pick<CheckoutReviewRepository, 'recordUnconfirmed'>
  runs: Pick<ReconciliationRepository, 'save'>
  ledger: Pick<LedgerRepository, 'listSince'>
  now?: () => Date
}

/**
 * Compares the provider's succeeded intents of the last 7 days with what is recorded, both ways:
 * a success the webhook never recorded is recorded now (through the webhook's own path, so the
 * provider confirms it and it lands once); a recorded card payment the provider does not list as
 * succeeded, an amount that differs, or an intent that is not ours is reported. A receipt that was
 * not ready when the payment was recorded is filled in. Every run is stored; any difference is
 * logged for the alarm (alert: payment_review).
 */
export async function reconcilePayments({ gateway, orders, payments, ledger, runs, now = () => new Date() }: Reconcile): Promise<ReconciliationRun> {
  const at = now()
  const since = new Date(at.getTime() - RECONCILE_DAYS * 24 * 60 * 60 * 1000)
  const differences: ReconciliationRun['differences'] = []
  const differ = (paymentIntentId: string, kind: DifferenceKind, detail: string) => differences.push({ paymentIntentId, kind, detail })
  let recorded = 0
  let receiptsFilled = 0

  const succeeded = await gateway.listSucceededIntents({ since, limit: RECONCILE_LIMIT })
  const truncated = succeeded.length >= RECONCILE_LIMIT
  if (truncated) differ('', 'window_truncated', `More than ${RECONCILE_LIMIT} succeeded intents in ${RECONCILE_DAYS} days: only the newest were compared`)
  for (const intent of succeeded) {
    const checkout = await payments.getCheckout(intent.id)
    if (!checkout) {
      differ(intent.id, 'unknown_intent', `The provider has a ${intent.amountReceivedCents}-cent payment with no checkout here`)
      continue
    }
    if (checkout.status !== 'succeeded') {
      // The webhook's own path: the provider is asked again, and the payment lands exactly once.
      const outcome = await handleStripeEvent({
        event: { id: `reconcile_${intent.id}`, type: 'payment_intent.succeeded', created: intent.created, data: { object: { id: intent.id } } },
        orders,
        payments,
        gateway,
        now,
      })
      if (outcome === 'recorded') {
        recorded++
        differ(intent.id, 'recorded_late', `Succeeded at the provider but was ${checkout.status} here: recorded now`)
      } else if (outcome !== 'duplicate') differ(intent.id, 'not_confirmed', `Succeeded at the provider but could not be recorded (${outcome})`)
      continue
    }
    if (checkout.amountCents !== intent.amountReceivedCents) differ(intent.id, 'amount_mismatch', `Recorded ${checkout.amountCents} cents, the provider received ${intent.amountReceivedCents}`)
    if (!checkout.receiptUrl && intent.receiptUrl) {
      await payments.setReceiptUrl(checkout, intent.receiptUrl)
      receiptsFilled++
    }
  }

  // The other way: card money recorded in the window that the provider does not list as succeeded.
  if (!truncated) {
    const listed = new Set(succeeded.map((i) => i.id))
    const cards = (await ledger.listSince(since.toISOString(), RECONCILE_LIMIT * 2)).filter(
      (p) => p.paymentIntentId && p.paymentStatus === 'successful' && (p.kind ?? 'payment') !== 'refund' && (p.kind ?? 'payment') !== 'adjustment',
    )
    for (const id of new Set(cards.map((p) => p.paymentIntentId))) {
      if (listed.has(id)) continue
      // Listed by creation time: an intent created before the window may have been paid inside it.
      const provider = await gateway.retrieveIntent(id)
      if (provider?.status !== 'succeeded') differ(id, 'not_succeeded_at_provider', `Recorded as paid, but the provider reports ${provider ? provider.status : 'no such intent'}`)
    }
  }

  const run: ReconciliationRun = { ranAt: at.toISOString(), since: since.toISOString(), mode: gateway.mode, checked: succeeded.length, recorded, receiptsFilled, differences }
  await runs.save(run)
  if (differences.length) log.error('payment reconciliation found differences', { alert: PAYMENT_REVIEW_ALERT, count: differences.length, differences })
  else log.info('payment reconciliation: provider and ledger agree', { checked: succeeded.length, receiptsFilled })
  return run
}
