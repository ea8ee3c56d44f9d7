import { ageInDays, dayOfEpoch, epochDay, RECEIVABLES_DAY_WINDOW, utcDay } from '@gs/shared/receivable-days'

/**
 * The write side of the receivables' counters: every order write adds the difference of what the order is counted
 * with to a `total` and to per-day slots in windows of WINDOW_DAYS days, in its own transaction (docs/business-rules.md,
 * "Receivables"). The read side is receivable-totals.ts.
 */
export const WINDOW_DAYS = 32
export const TOTAL_BUCKET = 'total'

/** The counter bucket of the window holding this epoch day: `days#<its first day>` (sorts before `total`). */
export const windowBucket = (epoch: number) => `days#${dayOfEpoch(epoch - (((epoch % WINDOW_DAYS) + WINDOW_DAYS) % WINDOW_DAYS))}`
export const slotOf = (epoch: number) => ((epoch % WINDOW_DAYS) + WINDOW_DAYS) % WINDOW_DAYS
export const countAttr = (slot: number) => `n${slot}`
export const centsAttr = (slot: number) => `c${slot}`

/** The first window bucket the totals read on `now`'s day (the one holding the day 90 days ago). */
export const firstWindowBucket = (now: Date) => windowBucket(epochDay(utcDay(now)) - RECEIVABLES_DAY_WINDOW)

/** What an order is counted with: its stored balance due while not deleted, else 0. */
export const countedCents = (o: { isDeleted?: boolean; balanceDueCents: number }) => (o.isDeleted ? 0 : Math.max(0, o.balanceDueCents))

/** One order's counted amount before and after a write (0: not counted). */
export interface ReceivableChange {
  /** The order's invoice date (its createdAt). */
  invoicedAt: string
  before: number
  after: number
}

/** Numeric attributes to ADD, per counter bucket. */
export type CounterDeltas = Map<string, Record<string, number>>

/** What a write changes in each counter bucket; buckets and attributes that do not move are left out. */
export function receivableDeltas(changes: readonly ReceivableChange[], now: Date): CounterDeltas {
  const deltas: CounterDeltas = new Map()
  const add = (bucket: string, attr: string, v: number) => {
    if (!v) return
    const d = deltas.get(bucket) ?? {}
    d[attr] = (d[attr] ?? 0) + v
    deltas.set(bucket, d)
  }
  for (const { invoicedAt, before, after } of changes) {
    const count = (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0)
    const cents = after - before
    add(TOTAL_BUCKET, 'count', count)
    add(TOTAL_BUCKET, 'balanceCents', cents)
    if (ageInDays(invoicedAt, now) > RECEIVABLES_DAY_WINDOW) continue
    const day = epochDay(utcDay(invoicedAt))
    add(windowBucket(day), countAttr(slotOf(day)), count)
    add(windowBucket(day), centsAttr(slotOf(day)), cents)
  }
  for (const [bucket, d] of deltas) {
    for (const [k, v] of Object.entries(d)) if (!v) delete d[k]
    if (!Object.keys(d).length) deltas.delete(bucket)
  }
  return deltas
}
