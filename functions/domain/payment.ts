/** A payment attempt (a PaymentIntent) and how its charge is split across the caller's orders. */
export type PaymentsMode = 'stripe' | 'dev'
export type CheckoutStatus = 'pending' | 'processing' | 'succeeded' | 'failed'

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
}

/**
 * One payment per order and intent, with a deterministic id: a second
 * recording of the same intent collides with the first (exactly once).
 */
export const paymentIdFor = (paymentIntentId: string, orderId: string) => `pay_${paymentIntentId}_${orderId}`
