import { cachedEntity } from './cache.ts'

const requiredString = { type: 'string', required: true } as const

/**
 * One staff action (domain/audit.ts AuditEvent): append-only, created with a condition that it does not
 * exist, never updated or deleted. Its partition is its subject (`order_<id>`, `customer_<id>` for a
 * customer-only action, `shop` for the settings), newest last by the time-sortable id; gsi2 keys it by
 * customer too (sparse: settings records have no customer), so both Activity views are one Query.
 */
export const auditEventSchema = {
  model: { entity: 'auditEvent', version: '1', service: 'gunsmith' },
  attributes: {
    scope: requiredString,
    auditId: requiredString,
    at: requiredString,
    actorId: requiredString,
    actorName: requiredString,
    action: requiredString,
    summary: requiredString,
    orderId: { type: 'string' },
    orderNumber: { type: 'string' },
    customerId: { type: 'string' },
    changes: { type: 'list', items: { type: 'map', properties: { field: requiredString, before: { type: 'string' }, after: { type: 'string' } } } },
  },
  indexes: {
    byScope: { pk: { field: 'pk', composite: ['scope'] }, sk: { field: 'sk', composite: ['auditId'] } },
    byCustomer: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['customerId'] }, sk: { field: 'gsi2sk', composite: ['auditId'] } },
  },
} as const

export const auditEventEntity = cachedEntity(auditEventSchema)
