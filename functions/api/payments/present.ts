import { paymentMessages } from '@gs/shared/payment-messages'
import type { Checkout, PaymentSummary } from '#functions/domain/payment.ts'
import type { CreatedPaymentIntent } from '#functions/use-cases/create-payment-intent.ts'
import type { AdminPaymentsPage } from '#functions/use-cases/list-admin-payments.ts'
import { presentAdminPayment, presentPayment } from './present-payment.ts'

/** POST /api/payments/intents (docs/api.md). */
export const presentCreatedIntent = (r: CreatedPaymentIntent) => ({
  paymentIntentId: r.paymentIntentId,
  clientSecret: r.clientSecret,
  amountCents: r.amountCents,
  allocations: r.allocations.map((a) => ({ orderId: a.orderId, amountCents: a.amountCents })),
  mode: r.mode,
})

/**
 * The customer sees the contract's four states: a canceled intent is failed (it can no longer be
 * paid); one the provider did not confirm is processing until staff have looked at it.
 */
const customerStatus = (s: Checkout['status']) => (s === 'canceled' ? 'failed' : s === 'needs_review' ? 'processing' : s)

/** GET /api/payments/intents/{id}: the checkout and the payments the webhook recorded for it (plus the decline message, if any). */
export const presentCheckout = (c: Checkout, payments: PaymentSummary[]) => ({
  paymentIntentId: c.paymentIntentId,
  status: customerStatus(c.status),
  amountCents: c.amountCents,
  receiptUrl: c.receiptUrl ?? null,
  allocations: c.allocations.map((a) => ({ orderId: a.orderId, amountCents: a.amountCents })),
  payments: payments.map(presentPayment),
  failureMessage: c.status === 'failed' ? (c.failureMessage ?? null) : c.status === 'canceled' ? paymentMessages.intentCanceled : null,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
})

/** GET /api/admin/payments. */
export const presentAdminPaymentsPage = (p: AdminPaymentsPage) => ({
  items: p.items.map(presentAdminPayment),
  cursor: p.cursor,
  total: p.total,
  pageSize: p.pageSize,
  stats: p.stats,
})
