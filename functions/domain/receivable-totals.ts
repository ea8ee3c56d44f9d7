import { ageInDays, bucketOfAge, dayOfEpoch, epochDay, RECEIVABLE_BUCKETS, RECEIVABLES_DAY_WINDOW, type ReceivableAmount, type ReceivableBucketId, type ReceivablesTotals } from '@gs/shared/receivables'
import { centsAttr, countAttr, TOTAL_BUCKET, WINDOW_DAYS } from './receivables.ts'

/** The read side of the receivables counters (receivables.ts keeps them): the totals and aging from the items read. */

/** A counter item as read (its shard's share): `count`/`balanceCents` on the total, `n<i>`/`c<i>` on a window. */
export type CounterItem = { bucket: string } & Record<string, unknown>

const num = (v: unknown) => (typeof v === 'number' ? v : 0)

/** The totals from the counter items read (every shard of `total` and of the windows of the last 91 days). */
export function receivableTotals(items: readonly CounterItem[], now: Date): ReceivablesTotals {
  const all: ReceivableAmount = { count: 0, balanceDueCents: 0 }
  const byBucket = new Map<ReceivableBucketId, ReceivableAmount>(RECEIVABLE_BUCKETS.map((b) => [b.id, { count: 0, balanceDueCents: 0 }]))
  for (const item of items) {
    if (item.bucket === TOTAL_BUCKET) {
      all.count += num(item.count)
      all.balanceDueCents += num(item.balanceCents)
      continue
    }
    if (!item.bucket.startsWith('days#')) continue
    const first = epochDay(item.bucket.slice('days#'.length))
    for (let slot = 0; slot < WINDOW_DAYS; slot++) {
      const [n, c] = [num(item[countAttr(slot)]), num(item[centsAttr(slot)])]
      if (!n && !c) continue
      const age = ageInDays(`${dayOfEpoch(first + slot)}T00:00:00.000Z`, now)
      if (age > RECEIVABLES_DAY_WINDOW) continue
      const b = byBucket.get(bucketOfAge(age))!
      b.count += n
      b.balanceDueCents += c
    }
  }
  const over = byBucket.get('over-90')!
  over.count = all.count
  over.balanceDueCents = all.balanceDueCents
  for (const [id, b] of byBucket) {
    if (id === 'over-90') continue
    over.count -= b.count
    over.balanceDueCents -= b.balanceDueCents
  }
  return { all, buckets: RECEIVABLE_BUCKETS.map((b) => ({ bucket: b.id, ...byBucket.get(b.id)! })) }
}
