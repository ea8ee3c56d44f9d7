import { Entity } from 'electrodb'
import type { TableConfig } from '../table.ts'

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
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['notificationId'] },
    },
  },
} as const

export const notificationEntity = ({ table, client }: TableConfig) => new Entity(notificationSchema, { table, client })
