import { cachedEntity } from './cache.ts'

/** A staff status update or a customer note (status `customer_note`), in the order's partition. */
export const statusUpdateSchema = {
  model: { entity: 'statusUpdate', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    updateId: { type: 'string', required: true },
    status: { type: 'string', required: true },
    notes: { type: 'string', default: '' },
    createdBy: { type: 'string', required: true },
    authorLabel: { type: 'string', required: true },
    isCustomerNote: { type: 'boolean', default: false },
    // A staff note for staff only (and a release override's reason): never in a customer's read (absent: visible).
    internal: { type: 'boolean' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byOrder: {
      collection: 'orderDetail',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: ['updateId'] },
    },
  },
} as const

export const statusUpdateEntity = cachedEntity(statusUpdateSchema)
