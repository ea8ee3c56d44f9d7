import { cachedEntity } from './cache.ts'

/** Kept for 30 days after an event has been applied (DynamoDB TTL on `ttl`). */
export const WEBHOOK_EVENT_TTL_SECONDS = 30 * 24 * 60 * 60

/** The processed-event marker, written in the same transaction as the payments it recorded. */
export const webhookEventSchema = {
  model: { entity: 'webhookEvent', version: '1', service: 'gunsmith' },
  attributes: {
    eventId: { type: 'string', required: true },
    type: { type: 'string', required: true },
    paymentIntentId: { type: 'string', required: true },
    processedAt: { type: 'string', required: true },
    /** Epoch seconds (the table's TTL attribute). */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEvent: {
      pk: { field: 'pk', composite: ['eventId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const webhookEventEntity = cachedEntity(webhookEventSchema)
