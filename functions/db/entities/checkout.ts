import { Entity } from 'electrodb'
import type { TableConfig } from '../table.ts'

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
    status: { type: ['pending', 'processing', 'succeeded', 'failed'], required: true },
    receiptUrl: { type: 'string' },
    mode: { type: ['stripe', 'dev'], required: true },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    /** The last event applied, and its Stripe `created` time: an older failed/processing event never overrides a newer state. */
    lastEventId: { type: 'string' },
    lastEventCreated: { type: 'number' },
    failureMessage: { type: 'string' },
  },
  indexes: {
    byIntent: {
      pk: { field: 'pk', composite: ['paymentIntentId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const checkoutEntity = ({ table, client }: TableConfig) => new Entity(checkoutSchema, { table, client })
