import { cachedEntity } from './cache.ts'

/**
 * An order with customer messages no one has answered yet: one item per order in the inbox's own partition, keyed
 * by the time of its oldest unanswered message (`since`, also stored on the order as `inboxSince`), so one Query
 * reads the inbox oldest first. A customer's note creates it (or bumps `count` and the latest message's excerpt) in
 * the note's transaction; a staff reply the customer sees, "Mark handled", a delete or an archive removes it in
 * theirs. How many orders wait is the counter `inboxWaiting` (repositories/inbox.ts).
 */
export const inboxItemSchema = {
  model: { entity: 'inboxItem', version: '1', service: 'gunsmith' },
  attributes: {
    inboxList: { type: 'string', required: true, default: 'waiting' },
    since: { type: 'string', required: true },
    orderId: { type: 'string', required: true },
    /** Unanswered messages on the order. */
    count: { type: 'number', default: 1 },
    /** The latest message: when it came and its first words. */
    lastAt: { type: 'string', required: true },
    excerpt: { type: 'string', default: '' },
  },
  indexes: {
    bySince: {
      pk: { field: 'pk', composite: ['inboxList'] },
      sk: { field: 'sk', composite: ['since', 'orderId'] },
    },
  },
} as const

export const inboxItemEntity = cachedEntity(inboxItemSchema)
