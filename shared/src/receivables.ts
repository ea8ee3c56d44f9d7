/**
 * Receivables (docs/business-rules.md, "Receivables"): orders with a balance due, aged from their invoice date. An order is created
 * with its invoice, so the invoice date is the order's `createdAt`. Ages are whole calendar days in UTC,
 * the shop's day everywhere a day is counted (the ledger's per-day counters and "Recent Activity" too):
 * an order invoiced today is 0 days old, yesterday's 1.
 */

import { dayOfEpoch, epochDay, utcDay } from './receivable-days.ts'

export { ageInDays, dayOfEpoch, epochDay, RECEIVABLES_DAY_WINDOW, utcDay } from './receivable-days.ts'

export const RECEIVABLE_BUCKETS = [
  { id: '0-30', label: '0–30 days', minDays: 0, maxDays: 30 },
  { id: '31-60', label: '31–60 days', minDays: 31, maxDays: 60 },
  { id: '61-90', label: '61–90 days', minDays: 61, maxDays: 90 },
  { id: 'over-90', label: '90+ days', minDays: 91, maxDays: null },
] as const

export type ReceivableBucketId = (typeof RECEIVABLE_BUCKETS)[number]['id']
export const RECEIVABLE_BUCKET_IDS = /* @__PURE__ */ RECEIVABLE_BUCKETS.map((b) => b.id) as unknown as readonly [ReceivableBucketId, ...ReceivableBucketId[]]


export const RECEIVABLES_PAGE_SIZE = 25

export const receivableMessages = {
  invalidBucket: 'bucket must be 0-30, 31-60, 61-90 or over-90',
  invalidDirection: 'direction must be asc or desc',
} as const

export function bucketOfAge(days: number): ReceivableBucketId {
  for (const b of RECEIVABLE_BUCKETS) if (b.maxDays === null || days <= b.maxDays) return b.id
  return 'over-90'
}

export const bucketLabel = (id: ReceivableBucketId) => RECEIVABLE_BUCKETS.find((b) => b.id === id)!.label

/** The invoice days a bucket holds today, both inclusive; null: no bound ("90+" has no oldest day; "0–30" takes a day past today, a clock a moment ahead, as age 0). */
export function bucketDays(id: ReceivableBucketId, now: Date): { from: string | null; to: string | null } {
  const b = RECEIVABLE_BUCKETS.find((x) => x.id === id)!
  const today = epochDay(utcDay(now))
  return { from: b.maxDays === null ? null : dayOfEpoch(today - b.maxDays), to: b.minDays === 0 ? null : dayOfEpoch(today - b.minDays) }
}

/** A sum of balances due and how many orders it covers. */
export interface ReceivableAmount {
  count: number
  balanceDueCents: number
}

/** GET /api/admin/receivables: the totals (all receivables, whatever the filter) and one page of orders. */
export interface ReceivablesTotals {
  all: ReceivableAmount
  buckets: Array<ReceivableAmount & { bucket: ReceivableBucketId }>
}

export interface ReceivableRow {
  orderId: string
  orderNumber: string
  customerId: string
  customerName: string
  customerEmail: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
  invoiceNumber: string
  /** The invoice date: the order's creation. */
  invoiceDate: string
  invoiceTotalCents: number
  amountPaidCents: number
  balanceDueCents: number
  ageDays: number
  bucket: ReceivableBucketId
  currentStatus: string
  isArchived: boolean
}

export interface ReceivablesPage {
  /** The UTC day the ages are counted to. */
  asOf: string
  totals: ReceivablesTotals
  items: ReceivableRow[]
  cursor: string | null
  pageSize: number
}
