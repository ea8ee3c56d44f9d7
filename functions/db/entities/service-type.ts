import { cachedEntity } from './cache.ts'

/**
 * The shop's price list (shared/src/service-types.ts): every type in one partition (scope 'shop'), read by one
 * Query, at most MAX_SERVICE_TYPES. Never deleted (orders keep a type's name in their serviceType): deactivated.
 */
export const serviceTypeSchema = {
  model: { entity: 'serviceType', version: '1', service: 'gunsmith' },
  attributes: {
    scope: { type: 'string', required: true, default: 'shop' },
    serviceTypeId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** 'labor' (by the hour) | 'service' (flat) | 'part' (flat). */
    kind: { type: ['labor', 'service', 'part'], required: true },
    /** Flat kinds: the default price in cents. */
    defaultPriceCents: { type: 'number' },
    /** Labor: the default hours in hundredths of an hour (150 = 1.5 h). */
    defaultHoursHundredths: { type: 'number' },
    taxable: { type: 'boolean', required: true },
    active: { type: 'boolean', required: true },
    sortOrder: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['serviceTypeId'] },
    },
  },
} as const

export const serviceTypeEntity = cachedEntity(serviceTypeSchema)

/**
 * A type's name, lower-cased, held by its id: created with the type and moved on a rename in the same
 * transaction, under a condition that it does not exist yet, so two types never share a name (case-insensitively).
 */
export const serviceTypeNameSchema = {
  model: { entity: 'serviceTypeName', version: '1', service: 'gunsmith' },
  attributes: {
    nameKey: { type: 'string', required: true },
    serviceTypeId: { type: 'string', required: true },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['nameKey'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const serviceTypeNameEntity = cachedEntity(serviceTypeNameSchema)
