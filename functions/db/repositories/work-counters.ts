import { bucketDeltas, type WorkDecision } from '#functions/domain/work-dates.ts'
import type { TxEntities } from './orders.ts'

/** The counter item of a dashboard bucket (the counter entity, by name). */
export const workCounterName = (bucket: string) => `work#${bucket}`

/**
 * The write side of the dashboard counts and the turnaround report (domain/work-dates.ts), loaded by every order
 * write (orders.ts commit): one ADD per dashboard bucket the writes move, and one per turnaround a write counts
 * (summed per month and service type: a transaction writes an item once).
 */
export function workCounterItems(entities: Pick<TxEntities, 'counter' | 'turnaroundCounter'>, writes: readonly { work: WorkDecision }[]): unknown[] {
  const buckets = [...bucketDeltas(writes.map((w) => w.work))].map(([bucket, d]) => entities.counter.update({ name: workCounterName(bucket) }).add({ value: d }).commit())
  const turnaround = new Map<string, { month: string; serviceType: string; count: number; totalDays: number }>()
  for (const { work } of writes) {
    const t = work.turnaround
    if (!t) continue
    const key = `${t.month}\u0000${t.serviceType}`
    const sum = turnaround.get(key) ?? { month: t.month, serviceType: t.serviceType, count: 0, totalDays: 0 }
    turnaround.set(key, { ...sum, count: sum.count + 1, totalDays: sum.totalDays + t.days })
  }
  return [
    ...buckets,
    ...[...turnaround.values()].map(({ month, serviceType, count, totalDays }) => entities.turnaroundCounter.update({ scope: 'turnaround', month, serviceType }).add({ count, totalDays }).commit()),
  ]
}
