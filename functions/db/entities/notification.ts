import { cachedEntity } from './cache.ts'

/** Keyed by the user and a time-sortable id: the list is one Query, and another user's id simply is not found. */
export const notificationSchema = {
  model: { entity: 'notification', version: '1', service: 'gunsmith' },
  attributes: {
    userId: { type: 'string', required: true },
    notificationId: { type: 'string', required: true },
    orderId: { type: 'string' },
    title: { type: 'string', required: true },
    message: { type: 'string', required: true },
    read: { type: 'boolean', default: false },
    // Optional: notifications stored before them have none (functions/domain/order.ts Notification).
    // Strings, not enums: every function carries this model (bundle budget); the domain types them.
    kind: { type: 'string' },
    essential: { type: 'boolean' },
    context: { type: 'string' },
    trackingUrl: { type: 'string' },
    carrier: { type: 'string' },
    // Delivery outside the portal: a map { email?, sms? } of { status, attempts, at, messageId?, reason? }, written only by
    // the notifier with conditional updates (repositories/notification-delivery.ts, its types); absent until it looks at it.
    // `any`, not a typed map: every function carries this model (bundle budget).
    delivery: { type: 'any' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['notificationId'] },
    },
  },
} as const

export const notificationEntity = cachedEntity(notificationSchema)
