import { cachedEntity } from './cache.ts'

/**
 * Atomic counters (order numbers; a customer's notes, per order and per hour): an ADD update returns
 * the new value, a condition on it keeps a limit.
 */
export const counterSchema = {
  model: { entity: 'counter', version: '1', service: 'gunsmith' },
  attributes: {
    name: { type: 'string', required: true },
    value: { type: 'number', default: 0 },
    /** Epoch seconds (the table's TTL attribute): set on counters that only matter for a while (a customer's notes of one hour). */
    ttl: { type: 'number' },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['name'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const counterEntity = cachedEntity(counterSchema)
