import { cachedEntity } from './cache.ts'

/**
 * The dev payment gateway's PaymentIntent store (local stack without a Stripe
 * key): the same fields and life cycle as a Stripe PaymentIntent, snake_case
 * like Stripe's, so the events built from it look like Stripe's.
 */
export const devIntentSchema = {
  model: { entity: 'devIntent', version: '1', service: 'gunsmith' },
  attributes: {
    id: { type: 'string', required: true },
    client_secret: { type: 'string', required: true },
    amount: { type: 'number', required: true },
    currency: { type: 'string', required: true },
    status: { type: ['requires_payment_method', 'processing', 'succeeded', 'canceled'], required: true },
    metadata: { type: 'any' },
    receipt_email: { type: 'string' },
    description: { type: 'string' },
    latest_charge: { type: 'string' },
    /** The last decline, as Stripe reports it on the intent. */
    last_payment_error: { type: 'any' },
    idempotency_key: { type: 'string' },
    /**
     * Unix seconds, as Stripe. Zero-padded in the listing key so the string order of the sort key
     * is the numeric order whatever the number of digits.
     */
    created: { type: 'number', required: true, padding: { length: 12, char: '0' } },
    /** Unix seconds; set when the intent is canceled. */
    canceled_at: { type: 'number' },
    cancellation_reason: { type: 'string' },
    /** Sum of the refunds' amounts (cents): the refund write is conditional on it, so refunds never exceed the charge. */
    amount_refunded: { type: 'number' },
    /** The refunds of its charge, oldest first; the idempotency key finds a retried refund. */
    refunds: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          amount: { type: 'number', required: true },
          idempotency_key: { type: 'string', required: true },
          status: { type: 'string', required: true },
          created: { type: 'number', required: true },
          /** What the caller stored with it (this portal: its order and ledger entry); none for a dashboard refund. */
          metadata: { type: 'any' },
          failure_reason: { type: 'string' },
        },
      },
    },
    /**
     * Unix seconds when its charge was made (Stripe's Charge `created`): the listing's order. 0 until it is paid, so
     * the listing, which starts at a date, never holds an unpaid intent. Zero-padded as `created` is.
     */
    charge_created: { type: 'number', default: 0, padding: { length: 12, char: '0' } },
    /** Its charge's dispute, as Stripe's Dispute (functions/payments/dev-provider.ts plays one). */
    dispute: {
      type: 'map',
      properties: {
        id: { type: 'string', required: true },
        amount: { type: 'number', required: true },
        status: { type: 'string', required: true },
        reason: { type: 'string', required: true },
        created: { type: 'number', required: true },
      },
    },
    /** Constant partition of the listing index (reconciliation lists charges by when they were made without a Scan). */
    listing: { type: 'string', default: 'devIntents', hidden: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'] },
      sk: { field: 'sk', composite: [] },
    },
    /** Every dev intent, by when its charge was made (gsi3, one constant partition: dev volumes only). */
    byCharge: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['listing'] },
      sk: { field: 'gsi3sk', composite: ['charge_created', 'id'] },
    },
  },
} as const

export const devIntentEntity = cachedEntity(devIntentSchema)
