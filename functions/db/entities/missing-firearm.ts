import { cachedEntity } from './cache.ts'

/**
 * An order whose firearm is missing from the A&D book (domain/custody.ts bookCheckedWrite): one item in the
 * list's own partition, by the order's creation (the longest missing first), created and deleted in the order's
 * transaction when the order's `missingFromBook` changes. The staff list reads a page of it (one Query) and the
 * orders it names (one BatchGet); its count is the counter `missingFromBook` (repositories/missing-from-book.ts).
 */
export const missingFirearmSchema = {
  model: { entity: 'missingFirearm', version: '1', service: 'gunsmith' },
  attributes: {
    missingList: { type: 'string', required: true, default: 'book' },
    createdAt: { type: 'string', required: true },
    orderId: { type: 'string', required: true },
  },
  indexes: {
    byCreated: {
      pk: { field: 'pk', composite: ['missingList'] },
      sk: { field: 'sk', composite: ['createdAt', 'orderId'] },
    },
  },
} as const

export const missingFirearmEntity = cachedEntity(missingFirearmSchema)
