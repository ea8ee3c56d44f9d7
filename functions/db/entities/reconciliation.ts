import { cachedEntity } from './cache.ts'

/** One run of the payment reconciliation (functions/use-cases/reconcile-payments.ts) and what it found, kept for staff and auditors. */
export const reconciliationSchema = {
  model: { entity: 'reconciliation', version: '1', service: 'gunsmith' },
  attributes: {
    /** Constant partition: runs are read newest first. */
    kind: { type: 'string', default: 'run' },
    ranAt: { type: 'string', required: true },
    since: { type: 'string', required: true },
    mode: { type: 'string', required: true },
    /** Absent on runs stored before runs had a time budget. */
    complete: { type: 'boolean' },
    /** Where a run that did not finish stopped. */
    unfinished: { type: 'string' },
    checked: { type: 'number', required: true },
    recorded: { type: 'number', required: true },
    receiptsFilled: { type: 'number', required: true },
    differences: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          paymentIntentId: { type: 'string', required: true },
          kind: { type: 'string', required: true },
          detail: { type: 'string', required: true },
        },
      },
    },
  },
  indexes: {
    byRun: {
      pk: { field: 'pk', composite: ['kind'] },
      sk: { field: 'sk', composite: ['ranAt'] },
    },
  },
} as const

export const reconciliationEntity = cachedEntity(reconciliationSchema)
