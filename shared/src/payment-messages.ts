/** Texts of payments and invoices, shared by the server and the SPA (no zod here). Quoted spec texts are verbatim. */
import { formatCents } from './money.ts'

/** A batch charges at most this many orders (one DynamoDB transaction records them all: ~4 items per order, limit 100). */
export const MAX_ORDERS_PER_PAYMENT = 20

/** Admin payments page size. */
export const ADMIN_PAYMENTS_PAGE_SIZE = 15
/** "Recent Activity" window of the admin payments page. */
export const RECENT_ACTIVITY_DAYS = 30

/** Stripe's test cards, as the dev payments mode accepts them. */
export const DEV_SUCCESS_CARD = '4242424242424242'
export const DEV_DECLINE_CARD = '4000000000000002'

// Built in a call marked pure: its templates format numbers, which esbuild cannot prove free of side
// effects, so a plain object literal would stay in every bundle that imports this module, used or not.
export const paymentMessages = /* @__PURE__ */ (() =>
  ({
  missingOrderId: 'Missing order ID',
  invalidOrderId: 'Invalid order ID',
  tooManyOrders: `A payment can cover at most ${MAX_ORDERS_PER_PAYMENT} orders`,
  amountNotPositive: 'Payment amount must be greater than zero',
  amountNotWholeCents: 'Payment amount must be a whole number of cents',
  partialOnlySingle: 'A partial amount can only be paid on a single order',
  amountAboveBalance: (balanceCents: number) => `Payment amount cannot exceed the balance due of ${formatCents(balanceCents)}`,
  noBalanceDue: 'This order has no balance due',
  orderNoBalanceDue: (orderNumber: string) => `Order ${orderNumber} has no balance due`,
  orderNotPayable: 'This order cannot be paid',
  includeShippingInvalid: 'includeShipping must be true or false',
  paymentNotFound: 'Payment not found',
  notConfigured: 'Card payments are not configured yet. Please contact the shop.',
  /** Provider errors. */
  cardError: (message: string) => `Payment failed: ${message}`,
  invalidRequest: (message: string) => `Invalid request: ${message}`,
  processingError: (message?: string | null) => `Payment processing error: ${message || 'Unknown error'}`,
  /** Dev payments mode. */
  cardNumberRequired: 'Card number is required',
  useTestCard: 'Use test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)',
  cardDeclined: 'Your card was declined.',
  alreadyPaid: 'This payment has already been completed.',
  /** Description sent to the provider (shown on the receipt). */
  description: (orderNumbers: readonly string[]) =>
    orderNumbers.length === 1 ? `Payment for Order #${orderNumbers[0]}` : `Payment for Orders ${orderNumbers.map((n) => `#${n}`).join(', ')}`,
  /** What the webhook writes when an invoice reaches paid (spec: "Payment received in full"). */
  defaultMethod: 'Credit Card',
  /** History entries of the ledger (HISTORY_EVENTS). */
  shippingAdded: 'Return shipping added with the payment',
  shippingRemoved: 'Return shipping removed with the payment (pickup at the shop)',
  creditNote: (amount: string, why: 'overpayment' | 'order_deleted') =>
    why === 'order_deleted'
      ? `A card payment of ${amount} arrived after this order was deleted. It is held as a credit for staff to refund.`
      : `A card payment exceeded the balance: ${amount} is held as a credit for staff to refund.`,
  archivedNote: (amount: string) => `A card payment of ${amount} arrived after this order was archived.`,
  failedFallback: 'Payment failed',
  intentCanceled: 'This payment was canceled. Please start the payment again.',
  /** A card payment on the order is settling: a second one could charge twice. */
  paymentProcessing: 'A payment for this order is being processed. Please wait for it to finish before paying again.',
  /** Another tab or device started a payment on the same order at the same moment. */
  paymentStartedElsewhere: 'A payment for this order was just started elsewhere. Please reload the page and try again.',
  /** The bill changed between the page the customer confirmed and the payment (a line, shipping, tax, a payment): nothing is charged. */
  billChanged: (confirmedCents: number, balanceCents: number) =>
    `The amount due changed from ${formatCents(confirmedCents)} to ${formatCents(balanceCents)} since this page was loaded. Nothing was charged: please check the new amount and pay again.`,
  confirmedBalanceInvalid: 'The amount you confirmed must be a whole number of cents',
  /** The card provider failed or refused for a reason that is not the card: its own words are logged, never shown to the customer. */
  providerUnavailable: 'We could not start your card payment. Nothing was charged. Please try again in a moment.',
  }) as const)()

/** Admin Invoice Refresh Utility. */
export const invoiceMessages = {
  orderIdRequired: 'Please enter an order ID',
  bothIdsRequired: 'Please enter both order ID and invoice ID',
  orderNotFound: (reason: string) => `Order not found: ${reason}`,
  invoiceNotFound: (reason: string) => `Invoice not found: ${reason}`,
  versionRequired: 'Preview the fix first: the order version it was previewed on is required',
  fixStale: 'The order changed since the preview. Preview the fix again.',
  repairedNote: (before: string, after: string, paidBefore: string, paidAfter: string) =>
    `Invoice repaired: total ${before} → ${after}, paid ${paidBefore} → ${paidAfter}`,
} as const

/** Admin payments filters (Payment Management). */
export const ADMIN_PAYMENT_SORTS = ['date', 'customer', 'amount'] as const
export const ADMIN_PAYMENT_STATUSES = ['successful', 'pending', 'failed'] as const
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
