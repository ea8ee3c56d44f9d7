import { cachedEntity } from './cache.ts'

/**
 * One payment attempt: the PaymentIntent and how its charge is split across
 * orders. Keyed by the intent id, so the webhook finds it from the event alone
 * (the intent's metadata is informational only).
 */
export const checkoutSchema = {
  model: { entity: 'checkout', version: '1', service: 'gunsmith' },
  attributes: {
    paymentIntentId: { type: 'string', required: true },
    customerId: { type: 'string', required: true },
    orderIds: { type: 'list', items: { type: 'string' }, required: true },
    allocations: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          orderId: { type: 'string', required: true },
          amountCents: { type: 'number', required: true },
        },
      },
    },
    amountCents: { type: 'number', required: true },
    /** The customer's return-shipping choice for this payment: stored on the orders only when it succeeds. */
    includeShipping: { type: 'boolean' },
    status: { type: ['pending', 'processing', 'succeeded', 'failed', 'canceled', 'needs_review'], required: true },
    receiptUrl: { type: 'string' },
    mode: { type: ['stripe', 'dev'], required: true },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    /** The last event applied, and its Stripe `created` time: an older failed/processing event never overrides a newer state. */
    lastEventId: { type: 'string' },
    lastEventCreated: { type: 'number' },
    failureMessage: { type: 'string' },
    /**
     * The payments recorded for this intent, as GET /api/payments/intents/{id} shows them:
     * written by the webhook's success transaction together with the payment items, so
     * that read is this one item. Absent on checkouts that succeeded before it was kept.
     */
    payments: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          paymentId: { type: 'string', required: true },
          orderId: { type: 'string', required: true },
          orderNumber: { type: 'string', required: true },
          amountCents: { type: 'number', required: true },
          paymentDate: { type: 'string', required: true },
          paymentMethod: { type: 'string', required: true },
          paymentStatus: { type: ['successful', 'pending', 'failed'], required: true },
          paymentIntentId: { type: 'string', required: true },
          receiptUrl: { type: 'string' },
          notes: { type: 'string' },
          kind: { type: ['payment', 'refund', 'adjustment', 'credit'] },
          flag: { type: ['overpayment', 'order_deleted', 'order_archived', 'unconfirmed'] },
        },
      },
    },
  },
  indexes: {
    byIntent: {
      pk: { field: 'pk', composite: ['paymentIntentId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const checkoutEntity = cachedEntity(checkoutSchema)
