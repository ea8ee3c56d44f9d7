import { Entity } from 'electrodb'
import type { TableConfig } from '../table.ts'

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
    /** Unix seconds, as Stripe. */
    created: { type: 'number', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const devIntentEntity = ({ table, client }: TableConfig) => new Entity(devIntentSchema, { table, client })
