import { cachedEntity } from './cache.ts'

/** Shards of each bucket: a write ADDs to one, so writes at the same moment seldom contend for one item (as the ledger counters). */
export const RECEIVABLE_COUNTER_SHARDS = 8
/** Day slots per window item (domain/receivables.ts WINDOW_DAYS). */
const SLOTS = 32

const slots = Object.fromEntries(Array.from({ length: SLOTS }, (_, i) => [[`n${i}`, { type: 'number' }], [`c${i}`, { type: 'number' }]]).flat()) as Record<`${'n' | 'c'}${number}`, { type: 'number' }>

/**
 * The receivables' running counters (domain/receivables.ts): per shard, a `total` item (orders with a
 * balance due and the sum of their balances) and one item per window of 32 invoice days (`days#<first
 * day>`, a slot per day). Every order write ADDs its difference in its own transaction (repositories/orders.ts
 * commit); the totals read every shard of `total` and of the windows of the last 91 days: one Query of
 * at most (4 + 1) × 8 items.
 */
export const receivableCounterSchema = {
  model: { entity: 'receivableCounter', version: '1', service: 'gunsmith' },
  attributes: {
    scope: { type: 'string', required: true, default: 'receivables' },
    bucket: { type: 'string', required: true },
    shard: { type: 'string', required: true },
    count: { type: 'number' },
    balanceCents: { type: 'number' },
    ...slots,
  },
  indexes: {
    byBucket: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['bucket', 'shard'] },
    },
  },
} as const

export const receivableCounterEntity = cachedEntity(receivableCounterSchema)
