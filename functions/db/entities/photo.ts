import { cachedEntity } from './cache.ts'

/**
 * A condition photo's record (its object is in the photos bucket at `orders/<orderId>/photos/<photoId>`): written once
 * when staff confirm the upload, never updated or deleted (evidence of the firearm's condition; an order's delete or
 * archive leaves it). In the order's partition, outside its `orderDetail` collection (the order's page reads
 * photos apart, with their short-lived links).
 */
export const photoSchema = {
  model: { entity: 'photo', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    /** Time-sortable (db/ids.ts sortableId): the partition lists photos newest first. */
    photoId: { type: 'string', required: true },
    purpose: { type: ['intake', 'work', 'release'], required: true },
    contentType: { type: ['image/jpeg', 'image/png'], required: true },
    size: { type: 'number', required: true },
    /** The staff member who uploaded it, and their name at the time. */
    takenBy: { type: 'string', required: true },
    takenByName: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byOrder: {
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: ['photoId'] },
    },
  },
} as const

export const photoEntity = cachedEntity(photoSchema)
