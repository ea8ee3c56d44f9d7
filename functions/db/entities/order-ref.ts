import { cachedEntity } from './cache.ts'

/**
 * The order number (GS-000123) → order id pointer, written in the order's create transaction,
 * so staff can type either wherever an order is asked for: one GetItem, no index.
 */
export const orderRefSchema = {
  model: { entity: 'orderRef', version: '1', service: 'gunsmith' },
  attributes: {
    orderNumber: { type: 'string', required: true },
    orderId: { type: 'string', required: true },
  },
  indexes: {
    byNumber: {
      pk: { field: 'pk', composite: ['orderNumber'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const orderRefEntity = cachedEntity(orderRefSchema)
