import type { IntentStatus, PaymentIntentState } from '@gs/shared/api-types'
import { paymentMessages } from '@gs/shared/payment-messages'
import type { Checkout, PaymentSummary } from '#functions/domain/payment.ts'
import { presentPayment } from './present-payment.ts'

// Apart from present.ts: only GET /api/payments/intents/{id} loads it (create-intent, the API function's heaviest route, does not).

/**
 * The customer sees the contract's states: a canceled intent is failed (it can no longer be paid);
 * a success the provider did not confirm is under_review (not paid; staff look at it), with UNDER_REVIEW.
 */
const customerStatus = (s: Checkout['status']): IntentStatus => (s === 'canceled' ? 'failed' : s === 'needs_review' ? 'under_review' : s)

/** The failureMessage of an intent under review (docs/api.md). */
export const UNDER_REVIEW = 'Under review by the shop: the card provider has not confirmed this payment, so it is not counted as paid yet. The shop will look into it.'

/** GET /api/payments/intents/{id}: the checkout and the payments the webhook recorded for it (plus the decline message, if any). */
export const presentCheckout = (c: Checkout, payments: PaymentSummary[]): PaymentIntentState => ({
  paymentIntentId: c.paymentIntentId,
  status: customerStatus(c.status),
  amountCents: c.amountCents,
  receiptUrl: c.receiptUrl ?? null,
  allocations: c.allocations.map((a) => ({ orderId: a.orderId, amountCents: a.amountCents })),
  payments: payments.map(presentPayment),
  failureMessage: c.status === 'failed' ? (c.failureMessage ?? null) : c.status === 'canceled' ? paymentMessages.intentCanceled : c.status === 'needs_review' ? UNDER_REVIEW : null,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
})
