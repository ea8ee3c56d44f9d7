import { Entity } from 'electrodb'
import type { TableConfig } from '../table.ts'

/** Atomic counters (order numbers): an ADD update returns the new value. */
export const counterSchema = {
  model: { entity: 'counter', version: '1', service: 'gunsmith' },
  attributes: {
    name: { type: 'string', required: true },
    value: { type: 'number', default: 0 },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['name'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const

export const counterEntity = ({ table, client }: TableConfig) => new Entity(counterSchema, { table, client })
