import { cachedEntity } from './cache.ts'

export const partSchema = {
  model: { entity: 'part', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    partId: { type: 'string', required: true },
    partName: { type: 'string', required: true },
    partDescription: { type: 'string' },
    partCostCents: { type: 'number', required: true },
    quantity: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string', required: true },
  },
  indexes: {
    byOrder: {
      collection: 'orderDetail',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: ['partId'] },
    },
  },
} as const

export const partEntity = cachedEntity(partSchema)
