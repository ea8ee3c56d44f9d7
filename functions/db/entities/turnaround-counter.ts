import { cachedEntity } from './cache.ts'

/**
 * The turnaround report's counters (domain/work-dates.ts): per month an order became ready and its service type,
 * how many orders and their days from receipt to ready, summed. The order commit that first makes an order ready
 * ADDs to its item in the same transaction (repositories/work-counters.ts); the report reads one month range of
 * the one partition (a Query, at most months × service types items).
 */
export const turnaroundCounterSchema = {
  model: { entity: 'turnaroundCounter', version: '1', service: 'gunsmith' },
  attributes: {
    scope: { type: 'string', required: true, default: 'turnaround' },
    month: { type: 'string', required: true },
    serviceType: { type: 'string', required: true },
    count: { type: 'number' },
    totalDays: { type: 'number' },
  },
  indexes: {
    byMonth: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['month', 'serviceType'] },
    },
  },
} as const

export const turnaroundCounterEntity = cachedEntity(turnaroundCounterSchema)
