import { cachedEntity } from './cache.ts'

/**
 * A user's count of unread notifications, kept by the same transactions that write them
 * (repositories/notification-writes.ts). It lives in the user's partition, and its name is chosen for
 * where its key sorts: `$notificationsunread_1` comes right after every `$notification_1#…` key
 * and before `$profile_1`, so the newest-first Query of the first page reads it with the
 * notifications (one request for the bell). test/unit/notifications.test.ts holds that order.
 */
export const unreadNotificationsSchema = {
  model: { entity: 'notificationsUnread', version: '1', service: 'gunsmith' },
  attributes: {
    userId: { type: 'string', required: true },
    /** Can go below 0 only for a user whose notifications predate the count (before the backfill); shown clamped at 0. */
    count: { type: 'number', default: 0 },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const unreadNotificationsEntity = cachedEntity(unreadNotificationsSchema)
