import { cachedEntity } from './cache.ts'

/**
 * A received box whose firearm has no intake yet (repositories/awaiting-intake.ts): keyed by when its intake is due
 * (the close of the next business day after the box arrived: shared/src/intake-due.ts). Each such order has two
 * items, in two partitions of this entity: `intake` (the staff list and the dashboard's counts, kept until the intake)
 * and `reminder` (the overdue reminder not yet sent: the reminder job takes it, conditionally, once). Both are
 * created and deleted in the order's transaction when its listed due time (`intakeDueAt` on the order) changes.
 */
export const awaitingIntakeSchema = {
  model: { entity: 'awaitingIntake', version: '1', service: 'gunsmith' },
  attributes: {
    awaitingList: { type: ['intake', 'reminder'] as const, required: true },
    dueAt: { type: 'string', required: true },
    orderId: { type: 'string', required: true },
    receivedAt: { type: 'string', required: true },
    /** When the shop was emailed that the intake is overdue (set with the reminder item's removal). */
    remindedAt: { type: 'string' },
  },
  indexes: {
    byDue: {
      pk: { field: 'pk', composite: ['awaitingList'] },
      sk: { field: 'sk', composite: ['dueAt', 'orderId'] },
    },
  },
} as const

export const awaitingIntakeEntity = cachedEntity(awaitingIntakeSchema)
