import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ageInDays, bucketDays, bucketOfAge, RECEIVABLE_BUCKETS, type ReceivableBucketId } from '../../shared/src/receivables.ts'
import { receivablesQuerySchema } from '../../shared/src/schemas/receivables.ts'
import { firstWindowBucket, receivableDeltas, TOTAL_BUCKET } from '../../functions/domain/receivables.ts'
import { receivableTotals, type CounterItem } from '../../functions/domain/receivable-totals.ts'

const DAY = 86_400_000
const NOW = new Date('2026-11-27T15:00:00.000Z')
const daysAgo = (n: number, at = '12:00:00.000Z') => new Date(Date.parse(`2026-11-27T${at}`) - n * DAY).toISOString()

describe('the age of a receivable: whole UTC calendar days since its invoice date', () => {
  it('counts calendar days, not 24-hour periods', () => {
    expect(ageInDays('2026-11-27T00:00:00.000Z', NOW)).toBe(0)
    expect(ageInDays('2026-11-26T23:59:59.999Z', new Date('2026-11-27T00:00:00.001Z'))).toBe(1)
    expect(ageInDays('2026-11-27T23:59:00.000Z', new Date('2026-11-27T00:01:00.000Z'))).toBe(0)
    expect(ageInDays(daysAgo(365), NOW)).toBe(365)
    // A clock a moment ahead: never a negative age.
    expect(ageInDays('2026-11-28T00:00:01.000Z', NOW)).toBe(0)
  })

  it('puts each age in its bucket: 0–30, 31–60, 61–90, 90+', () => {
    const cases: Array<[number, ReceivableBucketId]> = [
      [0, '0-30'], [30, '0-30'], [31, '31-60'], [60, '31-60'], [61, '61-90'], [90, '61-90'], [91, 'over-90'], [10_000, 'over-90'],
    ]
    for (const [age, bucket] of cases) expect(bucketOfAge(age), `${age} days`).toBe(bucket)
    expect(RECEIVABLE_BUCKETS.map((b) => b.label)).toEqual(['0–30 days', '31–60 days', '61–90 days', '90+ days'])
  })

  it('gives the invoice days each bucket holds today', () => {
    expect(bucketDays('0-30', NOW)).toEqual({ from: '2026-10-28', to: null })
    expect(bucketDays('31-60', NOW)).toEqual({ from: '2026-09-28', to: '2026-10-27' })
    expect(bucketDays('61-90', NOW)).toEqual({ from: '2026-08-29', to: '2026-09-27' })
    expect(bucketDays('over-90', NOW)).toEqual({ from: null, to: '2026-08-28' })
    for (const b of RECEIVABLE_BUCKETS) {
      const { from, to } = bucketDays(b.id, NOW)
      if (from) expect(bucketOfAge(ageInDays(`${from}T00:00:00.000Z`, NOW))).toBe(b.id)
      if (to) expect(bucketOfAge(ageInDays(`${to}T23:59:59.999Z`, NOW))).toBe(b.id)
    }
  })
})

describe('the query of GET /api/admin/receivables', () => {
  it('takes a bucket (blank or all: every one) and a direction, oldest first by default', () => {
    expect(receivablesQuerySchema.parse({})).toEqual({ direction: 'asc' })
    expect(receivablesQuerySchema.parse({ bucket: 'all' }).bucket).toBeUndefined()
    expect(receivablesQuerySchema.parse({ bucket: '31-60', direction: 'desc' })).toEqual({ bucket: '31-60', direction: 'desc' })
    expect(receivablesQuerySchema.safeParse({ bucket: '90+' }).error?.issues[0].message).toBe('bucket must be 0-30, 31-60, 61-90 or over-90')
    expect(receivablesQuerySchema.safeParse({ direction: 'up' }).error?.issues[0].message).toBe('direction must be asc or desc')
  })
})

/** The counter items as stored: every write's ADDs merged per bucket (shards summed: a sum is a sum). */
function store() {
  const items = new Map<string, Record<string, number>>()
  return {
    apply(deltas: Map<string, Record<string, number>>) {
      for (const [bucket, d] of deltas) {
        const cur = items.get(bucket) ?? {}
        for (const [k, v] of Object.entries(d)) cur[k] = (cur[k] ?? 0) + v
        items.set(bucket, cur)
      }
    },
    /** What the totals' Query reads on `now`'s day: buckets from the first window on (and `total`, which sorts after every window). */
    read(now: Date): CounterItem[] {
      return [...items].filter(([bucket]) => bucket >= firstWindowBucket(now)).map(([bucket, d]) => ({ bucket, ...d }))
    },
  }
}

describe('the totals from the counters', () => {
  it('are exact after any history of writes, read on any later day', () => {
    // Orders invoiced 0–200 days before the first write; writes move each order's counted amount; time passes between writes.
    const write = fc.record({ order: fc.nat(9), cents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })), daysLater: fc.nat(40) })
    fc.assert(
      fc.property(fc.array(fc.nat(200), { minLength: 10, maxLength: 10 }), fc.array(write, { maxLength: 40 }), fc.nat(120), (ages, writes, readLater) => {
        const s = store()
        const counted = new Array<number>(10).fill(0)
        let now = NOW.getTime()
        const invoicedAt = ages.map((a) => new Date(now - a * DAY - 3_600_000).toISOString())
        for (const w of writes) {
          now += w.daysLater * DAY
          s.apply(receivableDeltas([{ invoicedAt: invoicedAt[w.order], before: counted[w.order], after: w.cents }], new Date(now)))
          counted[w.order] = w.cents
        }
        const readAt = new Date(now + readLater * DAY)
        const totals = receivableTotals(s.read(readAt), readAt)
        const expected = new Map(RECEIVABLE_BUCKETS.map((b) => [b.id, { count: 0, balanceDueCents: 0 }]))
        counted.forEach((cents, i) => {
          if (!cents) return
          const b = expected.get(bucketOfAge(ageInDays(invoicedAt[i], readAt)))!
          b.count += 1
          b.balanceDueCents += cents
        })
        expect(totals.all).toEqual({ count: counted.filter(Boolean).length, balanceDueCents: counted.reduce((a, b) => a + b, 0) })
        expect(totals.buckets).toEqual(RECEIVABLE_BUCKETS.map((b) => ({ bucket: b.id, ...expected.get(b.id)! })))
      }),
      { numRuns: 300 },
    )
  })

  it('a write moves few counter items however many orders it covers (a card payment of 20 orders fits its transaction)', () => {
    const changes = Array.from({ length: 20 }, (_, i) => ({ invoicedAt: daysAgo(i * 5), before: 10_000 + i, after: 0 }))
    const deltas = receivableDeltas(changes, NOW)
    // The total and at most 4 windows of 32 days (the last 91 days); orders older than that move the total only.
    expect(deltas.size).toBeLessThanOrEqual(5)
    expect(deltas.get(TOTAL_BUCKET)).toEqual({ count: -20, balanceCents: -changes.reduce((a, c) => a + c.before, 0) })
    for (let ago = 0; ago < 200; ago++) {
      const bucket = [...receivableDeltas([{ invoicedAt: daysAgo(ago), before: 0, after: 1 }], NOW).keys()].filter((b) => b !== TOTAL_BUCKET)
      expect(bucket.length, `${ago} days ago`).toBe(ago <= 90 ? 1 : 0)
      if (ago <= 90) expect(bucket[0] >= firstWindowBucket(NOW), `${ago} days ago`).toBe(true)
    }
  })

  it('leaves out what does not move, and 90+ is the total less the last 91 days', () => {
    expect(receivableDeltas([{ invoicedAt: daysAgo(3), before: 500, after: 500 }], NOW).size).toBe(0)
    expect(receivableDeltas([{ invoicedAt: daysAgo(3), before: 500, after: 200 }], NOW).get(TOTAL_BUCKET)).toEqual({ balanceCents: -300 })
    const s = store()
    s.apply(receivableDeltas([0, 31, 61, 91, 400].map((ago, i) => ({ invoicedAt: daysAgo(ago), before: 0, after: (i + 1) * 100 })), NOW))
    expect(receivableTotals(s.read(NOW), NOW)).toEqual({
      all: { count: 5, balanceDueCents: 1_500 },
      buckets: [
        { bucket: '0-30', count: 1, balanceDueCents: 100 },
        { bucket: '31-60', count: 1, balanceDueCents: 200 },
        { bucket: '61-90', count: 1, balanceDueCents: 300 },
        { bucket: 'over-90', count: 2, balanceDueCents: 900 },
      ],
    })
  })
})
