import { daysBetween, isWorkFinished, reportedServiceType, workBuckets, type WorkBucket } from '@gs/shared/work-dates'
import type { Order } from './order.ts'

/**
 * What an order write decides of the work's dates and the staff dashboard (OrderRepository.commit stores it): when
 * the order first becomes ready (`readyAt`, set once, with its turnaround counted then), and the dashboard buckets
 * it is counted in (docs/business-rules.md, "Dates, turnaround and the bench").
 */

/** One order's turnaround, counted once: days from the firearm's receipt to ready, under the month it became ready. */
export interface TurnaroundEntry {
  month: string
  serviceType: string
  days: number
}

export interface WorkDecision {
  /** The buckets as read (undefined: an order stored before the counters, counted from nothing) and as written. */
  buckets: { before: readonly string[] | undefined; after: WorkBucket[] }
  turnaround: TurnaroundEntry | null
}

/** The turnaround of an order that became ready at `readyAt` (ISO time); none without an intake (no date of receipt). */
export function turnaroundOf(o: Pick<Order, 'intake' | 'serviceType'>, readyAt: string): TurnaroundEntry | null {
  if (!o.intake) return null
  const readyOn = readyAt.slice(0, 10)
  return { month: readyOn.slice(0, 7), serviceType: reportedServiceType(o.serviceType), days: daysBetween(o.intake.receivedOn, readyOn) }
}

/**
 * The order as a write stores it, with `readyAt` set when this write first makes its work finished (from a status
 * that was not: an order that was already finished before the counters existed is the migration's), and its
 * buckets; the turnaround to count. A created order starts from nothing.
 */
export function decideWork(order: Order, { created, at }: { created: boolean; at: string }): { order: Order; work: WorkDecision } {
  let next = order
  let turnaround: TurnaroundEntry | null = null
  const wasFinished = !created && isWorkFinished(order.storedStatus)
  if (!order.readyAt && !order.isDeleted && isWorkFinished(order.currentStatus) && !wasFinished) {
    next = { ...order, readyAt: at }
    turnaround = turnaroundOf(next, at)
  }
  const after = workBuckets(next)
  return { order: { ...next, workCounted: after }, work: { buckets: { before: created ? [] : order.workCounted, after }, turnaround } }
}

/** The counters' differences of a transaction's writes: per bucket, the orders that entered less those that left. */
export function bucketDeltas(writes: readonly { buckets: WorkDecision['buckets'] }[]): Map<WorkBucket, number> {
  const out = new Map<WorkBucket, number>()
  for (const { buckets } of writes) {
    for (const b of buckets.before ?? []) out.set(b as WorkBucket, (out.get(b as WorkBucket) ?? 0) - 1)
    for (const b of buckets.after) out.set(b, (out.get(b) ?? 0) + 1)
  }
  for (const [k, v] of out) if (v === 0) out.delete(k)
  return out
}
