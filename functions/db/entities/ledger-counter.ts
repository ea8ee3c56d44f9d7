/**
 * The ledger's running counters (domain/ledger-stats.ts): one item per bucket (`total`, `day#YYYY-MM-DD`)
 * and shard. Every ledger write ADDs its difference to one shard of each bucket it moves, in its own
 * transaction; spreading writes over shards keeps two payments at the same moment from contending for
 * one item. The stats read every shard of `total` and of the last 30 days: one Query, a fixed number of items.
 */
export const LEDGER_COUNTER_SHARDS = 8

export const ledgerCounterSchema = {
  model: { entity: 'ledgerCounter', version: '1', service: 'gunsmith' },
  attributes: {
    scope: { type: 'string', required: true, default: 'ledger' },
    bucket: { type: 'string', required: true },
    shard: { type: 'string', required: true },
    count: { type: 'number', default: 0 },
    successful: { type: 'number', default: 0 },
    pending: { type: 'number', default: 0 },
    failed: { type: 'number', default: 0 },
    revenueCents: { type: 'number', default: 0 },
  },
  indexes: {
    byBucket: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['bucket', 'shard'] },
    },
  },
} as const
