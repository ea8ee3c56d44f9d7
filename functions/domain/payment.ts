import { invoiceOf, type LedgerFlag, type Order, type Payment } from './order.ts'

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
  /** The shipping choice this payment was made with (absent on checkouts from before it was kept here). */
  includeShipping?: boolean
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

/** What the payment-intent status shows of a payment (docs/api.md, Payment). */
export type PaymentSummary = Pick<Payment, 'paymentId' | 'orderId' | 'orderNumber' | 'amountCents' | 'paymentDate' | 'paymentMethod' | 'paymentStatus' | 'paymentIntentId' | 'receiptUrl' | 'notes' | 'kind' | 'refundedCents' | 'refundOf' | 'reason' | 'flag' | 'purpose' | 'origin' | 'dispute'>

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
  ...(p.kind ? { kind: p.kind } : {}),
  ...(p.flag ? { flag: p.flag } : {}),
})

/**
 * One payment per order and intent, with a deterministic id: a second
 * recording of the same intent collides with the first (exactly once).
 */
export const paymentIdFor = (paymentIntentId: string, orderId: string) => `pay_${paymentIntentId}_${orderId}`

/** Checkout statuses the customer can still pay (a declined card may be retried on the same intent). */
export const OPEN_CHECKOUT_STATUSES: readonly CheckoutStatus[] = ['pending', 'failed']
/** Checkout statuses whose intent may still take the customer's money: open, or settling at the provider. */
export const LIVE_CHECKOUT_STATUSES: readonly CheckoutStatus[] = [...OPEN_CHECKOUT_STATUSES, 'processing']

/**
 * True when the order's open checkout no longer matches it: the order was deleted or archived, its
 * total changed since (a price change), or it would now charge more than the balance (another
 * payment landed). Such a checkout is closed in the same write (order-commit.ts decideOrderWrites).
 */
export function checkoutIsStale(order: Order): boolean {
  const open = order.openCheckout
  if (!open) return false
  if (order.isDeleted || order.isArchived) return true
  const invoice = invoiceOf(order, open.includeShipping)
  return invoice.totalCents !== open.totalCents || open.amountCents > invoice.balanceDueCents
}

/**
 * How a card payment of `amountCents` lands on an order: never more than its balance (with the
 * shipping choice it was made with) is applied; the rest is a credit, flagged for staff to refund.
 * On a deleted order all of it is a credit; on an archived one it applies, flagged.
 */
export function allocatePayment(order: Order, amountCents: number, includeShipping: boolean): { appliedCents: number; creditCents: number; flag?: Exclude<LedgerFlag, 'unconfirmed'> } {
  if (order.isDeleted) return { appliedCents: 0, creditCents: amountCents, flag: 'order_deleted' }
  const balance = invoiceOf(order, includeShipping).balanceDueCents
  const appliedCents = Math.min(amountCents, balance)
  const creditCents = amountCents - appliedCents
  if (creditCents > 0) return { appliedCents, creditCents, flag: 'overpayment' }
  return { appliedCents, creditCents: 0, ...(order.isArchived ? { flag: 'order_archived' as const } : {}) }
}

/** What an entry still holds (its amount less what was refunded of it). */
export const unrefundedCents = (p: Pick<Payment, 'amountCents' | 'refundedCents'>) => p.amountCents - (p.refundedCents ?? 0)

/**
 * The order's money as its ledger says: applied payments (less refunds), adjustments, and credits held.
 * The order item keeps these sums in the same transactions; the invoice check compares the two.
 */
export function ledgerTotals(entries: readonly Payment[]): { amountPaidCents: number; adjustmentsCents: number; creditCents: number } {
  let amountPaidCents = 0
  let adjustmentsCents = 0
  let creditCents = 0
  for (const e of entries) {
    if (e.paymentStatus !== 'successful') continue
    const kind = e.kind ?? 'payment'
    if (kind === 'payment') amountPaidCents += unrefundedCents(e)
    else if (kind === 'credit') creditCents += unrefundedCents(e)
    else if (kind === 'adjustment') adjustmentsCents += e.amountCents
  }
  return { amountPaidCents, adjustmentsCents, creditCents }
}

/** What every ledger entry of an order carries so the ledger pages read one index. */
export const ledgerFields = (o: Pick<Order, 'orderId' | 'orderNumber' | 'customerName' | 'customerEmail' | 'firearmMake' | 'firearmModel' | 'serialNumber' | 'description'>) => ({
  orderId: o.orderId,
  orderNumber: o.orderNumber,
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  firearmMake: o.firearmMake,
  firearmModel: o.firearmModel,
  serialNumber: o.serialNumber,
  description: o.description,
})
