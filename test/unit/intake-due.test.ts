/**
 * When a received box's intake is due (shared/src/intake-due.ts): the close (17:00) of the next business day
 * (Monday–Friday) after receipt, reckoned in the shop's time zone, across weekends and DST changes.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatShopTime, intakeDueAt, isIntakeOverdue, nextBusinessDay, SHOP_TIME_ZONE } from '../../shared/src/intake-due.ts'

describe('intakeDueAt (America/Chicago, close 17:00)', () => {
  it('the shop time zone is Chicago', () => expect(SHOP_TIME_ZONE).toBe('America/Chicago'))
  it('Monday → Tuesday close (CST: 23:00 UTC)', () => expect(intakeDueAt('2026-11-30T15:00:00Z')).toBe('2026-12-01T23:00:00.000Z'))
  it('Thursday → Friday close', () => expect(intakeDueAt('2026-12-03T15:00:00Z')).toBe('2026-12-04T23:00:00.000Z'))
  it('Friday → Monday close', () => expect(intakeDueAt('2026-11-27T16:00:00Z')).toBe('2026-11-30T23:00:00.000Z'))
  it('Saturday → Monday close (the next business day after a Saturday is Monday)', () => expect(intakeDueAt('2026-11-28T16:00:00Z')).toBe('2026-11-30T23:00:00.000Z'))
  it('Sunday → Monday close', () => expect(intakeDueAt('2026-11-29T16:00:00Z')).toBe('2026-11-30T23:00:00.000Z'))
  it('a receipt late on Monday evening in Chicago (already Tuesday in UTC) is due Tuesday', () =>
    expect(intakeDueAt('2026-12-01T05:30:00Z')).toBe('2026-12-01T23:00:00.000Z'))
  it('a receipt after the close is still due the next business day', () => expect(intakeDueAt('2026-12-01T23:30:00Z')).toBe('2026-12-02T23:00:00.000Z'))
  it('Friday before DST starts → Monday close in CDT (22:00 UTC)', () => expect(intakeDueAt('2027-03-12T18:00:00Z')).toBe('2027-03-15T22:00:00.000Z'))
  it('Saturday of the DST start weekend → Monday close in CDT', () => expect(intakeDueAt('2027-03-13T18:00:00Z')).toBe('2027-03-15T22:00:00.000Z'))
  it('Friday before DST ends → Monday close in CST (23:00 UTC)', () => expect(intakeDueAt('2026-10-30T15:00:00Z')).toBe('2026-11-02T23:00:00.000Z'))
  it('received in the repeated hour of the DST end (Sunday 01:30 CDT/CST) → Monday close', () => {
    expect(intakeDueAt('2026-11-01T06:30:00Z')).toBe('2026-11-02T23:00:00.000Z')
    expect(intakeDueAt('2026-11-01T07:30:00Z')).toBe('2026-11-02T23:00:00.000Z')
  })
  it('a Date is taken as an ISO time is', () => expect(intakeDueAt(new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-30T23:00:00.000Z'))
  it('another zone and close hour', () => expect(intakeDueAt('2026-11-27T16:00:00Z', { timeZone: 'America/New_York', closeHour: 18 })).toBe('2026-11-30T23:00:00.000Z'))
  it('a bad time throws', () => expect(() => intakeDueAt('nope')).toThrow(RangeError))

  it('always after receipt, at most four days after, on a weekday at 17:00 Chicago time', () => {
    const dayFmt = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, weekday: 'short', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' })
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (t) => {
        const due = Date.parse(intakeDueAt(new Date(t)))
        expect(due).toBeGreaterThan(t)
        expect(due - t).toBeLessThanOrEqual(4 * 24 * 3600_000)
        const text = dayFmt.format(new Date(due))
        expect(text).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 17:00$/)
      }),
      { numRuns: 300 },
    )
  })
})

describe('the helpers', () => {
  it('nextBusinessDay skips the weekend and crosses months and years', () => {
    expect(nextBusinessDay(2026, 12, 31)).toEqual({ year: 2027, month: 1, day: 1 })
    expect(nextBusinessDay(2027, 1, 1)).toEqual({ year: 2027, month: 1, day: 4 })
  })
  it('overdue only once the due time has passed', () => {
    expect(isIntakeOverdue('2026-11-30T23:00:00.000Z', new Date('2026-11-30T22:59:59Z'))).toBe(false)
    expect(isIntakeOverdue('2026-11-30T23:00:00.000Z', new Date('2026-11-30T23:00:01Z'))).toBe(true)
  })
  it('formats in the shop time zone', () => expect(formatShopTime('2026-11-30T23:00:00.000Z')).toBe('Monday, Nov 30, 2026, 5:00 PM'))
})
