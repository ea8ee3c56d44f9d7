import type { Payment } from './order.ts'
import { unrefundedCents } from './payment.ts'

/**
 * The admin payments page's stat cards at any ledger size: every write of a ledger entry adds its
 * difference to running counters (a total, and one per day for "Recent Activity") in the same
 * transaction, so reading the stats never reads the ledger. A write names each entry's state before
 * and after; the repository conditions the entry on that "before", so the counters cannot drift.
 */
export interface LedgerCounts {
  count: number
  successful: number
  pending: number
  failed: number
  /** Money kept: successful payments and credits, less what was refunded of them. */
  revenueCents: number
}

/** One ledger entry before and after a write (null: absent). */
export interface EntryChange {
  before: Payment | null
  after: Payment | null
}

export const ZERO_COUNTS: LedgerCounts = { count: 0, successful: 0, pending: 0, failed: 0, revenueCents: 0 }
export const LEDGER_FIELDS = Object.keys(ZERO_COUNTS) as Array<keyof LedgerCounts>

/** The UTC day of an ISO timestamp: the per-day counters' bucket. */
export const dayOf = (iso: string) => iso.slice(0, 10)

export const TOTAL_BUCKET = 'total'
export const dayBucket = (day: string) => `day#${day}`

function countsOf(p: Payment): LedgerCounts {
  const kept = p.paymentStatus === 'successful' && (p.kind === undefined || p.kind === 'payment' || p.kind === 'credit')
  return {
    count: 1,
    successful: p.paymentStatus === 'successful' ? 1 : 0,
    pending: p.paymentStatus === 'pending' ? 1 : 0,
    failed: p.paymentStatus === 'failed' ? 1 : 0,
    revenueCents: kept ? unrefundedCents(p) : 0,
  }
}

function add(into: Map<string, LedgerCounts>, bucket: string, counts: LedgerCounts, sign: 1 | -1) {
  const cur = into.get(bucket) ?? { ...ZERO_COUNTS }
  for (const f of LEDGER_FIELDS) cur[f] += sign * counts[f]
  into.set(bucket, cur)
}

/**
 * What a write changes in each counter bucket (`total`, `day#YYYY-MM-DD`): one entry per bucket, so
 * a transaction touches each counter item once; buckets that do not move are left out.
 */
export function countDeltas(changes: readonly EntryChange[]): Map<string, LedgerCounts> {
  const deltas = new Map<string, LedgerCounts>()
  for (const { before, after } of changes) {
    if (before) {
      add(deltas, TOTAL_BUCKET, countsOf(before), -1)
      add(deltas, dayBucket(dayOf(before.paymentDate)), { ...countsOf(before), revenueCents: 0 }, -1)
    }
    if (after) {
      add(deltas, TOTAL_BUCKET, countsOf(after), 1)
      add(deltas, dayBucket(dayOf(after.paymentDate)), { ...countsOf(after), revenueCents: 0 }, 1)
    }
  }
  for (const [bucket, d] of deltas) if (LEDGER_FIELDS.every((f) => d[f] === 0)) deltas.delete(bucket)
  return deltas
}
