import { Entity } from 'electrodb'
import { emailKeyOf } from '#functions/domain/search.ts'
import type { TableConfig } from '../table.ts'

export const profileSchema = {
  model: { entity: 'profile', version: '1', service: 'gunsmith' },
  attributes: {
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    /** Derived on every write of the email: the exact-email lookup key (domain/search.ts). */
    emailKey: { type: 'string', hidden: true, watch: ['email'], set: (_: unknown, i: { email?: string }) => emailKeyOf(i.email ?? '') },
    firstName: { type: 'string', default: '' },
    lastName: { type: 'string', default: '' },
    phone: { type: 'string' },
    enableSmsNotifications: { type: 'boolean', default: false },
    role: { type: ['customer', 'admin'], required: true, default: 'customer' },
    isActive: { type: 'boolean', default: true },
    isArchived: { type: 'boolean', default: false },
    archivedAt: { type: 'string' },
    // The admin customer list's order columns, written in the same transaction as every order write
    // (functions/db/repositories/latest-order.ts), so listing customers is the profiles Query alone.
    orderCount: { type: 'number', default: 0 },
    latestOrderId: { type: 'string' },
    latestOrderSummary: {
      type: 'map',
      properties: {
        firearmMake: { type: 'string' },
        firearmModel: { type: 'string' },
        currentStatus: { type: 'string' },
        createdAt: { type: 'string' },
        /** The order version this summary was taken from. Absent on summaries written before it was kept current (status unknown). */
        version: { type: 'number' },
      },
    },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString(), default: () => new Date().toISOString() },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
    // Customers for the admin list, newest first; the role is part of the key so admins never appear.
    byRole: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['role'] },
      sk: { field: 'gsi1sk', composite: ['createdAt'] },
    },
    // Staff searching by exact email.
    byEmail: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['emailKey'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
} as const

export const profileEntity = ({ table, client }: TableConfig) => new Entity(profileSchema, { table, client })
