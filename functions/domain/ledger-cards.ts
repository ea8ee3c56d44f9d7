import type { AdminPaymentStats } from '@gs/shared/api-types'
import { RECENT_ACTIVITY_DAYS } from '@gs/shared/payment-messages'
import { dayBucket, dayOf, LEDGER_FIELDS, TOTAL_BUCKET, ZERO_COUNTS, type LedgerCounts } from './ledger-stats.ts'

/**
 * The admin payments stat cards from the ledger counters (ledger-stats.ts keeps them): the read
 * side, apart from the write side every ledger write loads.
 */

/** The first day "Recent Activity" counts: today and the 29 days before it (UTC). */
export function recentFrom(now: Date): string {
  return dayOf(new Date(now.getTime() - (RECENT_ACTIVITY_DAYS - 1) * 24 * 60 * 60 * 1000).toISOString())
}

/** The stat cards and the count per status, from the counter buckets read (their shards summed). */
export function statsFromBuckets(buckets: ReadonlyArray<{ bucket: string } & LedgerCounts>, now: Date): AdminPaymentStats & { byStatus: Record<'successful' | 'pending' | 'failed', number> } {
  const total = { ...ZERO_COUNTS }
  let recent = 0
  const from = dayBucket(recentFrom(now))
  const to = dayBucket(dayOf(now.toISOString()))
  for (const b of buckets) {
    if (b.bucket === TOTAL_BUCKET) for (const f of LEDGER_FIELDS) total[f] += b[f] ?? 0
    else if (b.bucket >= from && b.bucket <= to) recent += b.count ?? 0
  }
  return {
    count: total.count,
    revenueCents: total.revenueCents,
    successfulCount: total.successful,
    successRate: total.count ? Math.round((total.successful / total.count) * 1000) / 10 : 0,
    last30DaysCount: recent,
    byStatus: { successful: total.successful, pending: total.pending, failed: total.failed },
  }
}
