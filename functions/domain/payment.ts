import type { Payment } from './order.ts'

/** A payment attempt (a PaymentIntent) and how its charge is split across the caller's orders. */
export type PaymentsMode = 'stripe' | 'dev'
/**
 * `canceled`: the intent was canceled at the provider (it can no longer be paid). `needs_review`: a
 * success event the provider does not confirm (status, amount received or currency differ): nothing
 * is paid, staff look at it.
 */
export type CheckoutStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'needs_review'

export interface Allocation {
  orderId: string
  amountCents: number
}

export interface Checkout {
  paymentIntentId: string
  customerId: string
  orderIds: string[]
  allocations: Allocation[]
  amountCents: number
  status: CheckoutStatus
  receiptUrl?: string
  mode: PaymentsMode
  createdAt: string
  updatedAt: string
  lastEventId?: string
  lastEventCreated?: number
  failureMessage?: string
  /** The payments recorded for it (stored on the checkout by the webhook's success transaction). */
  payments?: PaymentSummary[]
}

/** What the payment-intent status shows of a payment (API.md Payment). */
export type PaymentSummary = Pick<Payment, 'paymentId' | 'orderId' | 'orderNumber' | 'amountCents' | 'paymentDate' | 'paymentMethod' | 'paymentStatus' | 'paymentIntentId' | 'receiptUrl' | 'notes'>

export const paymentSummaryOf = (p: PaymentSummary): PaymentSummary => ({
  paymentId: p.paymentId,
  orderId: p.orderId,
  orderNumber: p.orderNumber,
  amountCents: p.amountCents,
  paymentDate: p.paymentDate,
  paymentMethod: p.paymentMethod,
  paymentStatus: p.paymentStatus,
  paymentIntentId: p.paymentIntentId,
  ...(p.receiptUrl ? { receiptUrl: p.receiptUrl } : {}),
  ...(p.notes ? { notes: p.notes } : {}),
})

/**
 * One payment per order and intent, with a deterministic id: a second
 * recording of the same intent collides with the first (exactly once).
 */
export const paymentIdFor = (paymentIntentId: string, orderId: string) => `pay_${paymentIntentId}_${orderId}`
