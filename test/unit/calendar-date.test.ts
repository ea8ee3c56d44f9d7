/**
 * The calendar-date rule and schema every date-taking route and form uses (shared/src/dates.ts isCalendarDate,
 * shared/src/schemas/dates.ts calendarDate): a date that exists is accepted as written, anything else is the
 * field's message, and nothing ever throws.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateMessages, isCalendarDate } from '../../shared/src/dates.ts'
import { calendarDate } from '../../shared/src/schemas/dates.ts'

const pad = (n: number, width: number) => String(n).padStart(width, '0')
const written = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`

/** An independent oracle: the proleptic Gregorian calendar as UTC milliseconds, for years Date can hold. */
function existsByDate(y: number, m: number, d: number): boolean {
  const t = new Date(0)
  t.setUTCFullYear(y, m - 1, d)
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d
}

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2026-01-05', '2026-12-31', '2026-04-30', '0001-01-01', '9999-12-31'])('accepts %s', (v) => {
    expect(isCalendarDate(v)).toBe(true)
  })

  it.each([
    ['2026-13-40', 'no month 13'],
    ['2026-00-10', 'no month 0'],
    ['2026-02-30', 'February has no 30th'],
    ['2025-02-29', 'not a leap year'],
    ['1900-02-29', 'a century that is not a leap year'],
    ['2026-04-31', 'April has 30 days'],
    ['2026-01-00', 'no day 0'],
    ['', 'empty'],
    ['yesterday', 'a word'],
    ['2026-1-5', 'digits not padded'],
    ['2026/01/05', 'another separator'],
    ['+02026-01-05', 'an expanded year'],
    ['2026-01-05T00:00:00Z', 'a date-time'],
    ['2026-01-05 ', 'a trailing space (the schema trims it first)'],
  ])('refuses %s (%s)', (v) => {
    expect(isCalendarDate(v)).toBe(false)
  })

  it('agrees with the calendar for every year, month and day written in digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (y, m, d) => {
        expect(isCalendarDate(written(y, m, d))).toBe(m >= 1 && m <= 12 && existsByDate(y, m, d))
      }),
      { numRuns: 5_000 },
    )
  })

  it('accepts every day between years 1 and 9999, as Date writes it', () => {
    const DAY_MS = 86_400_000
    const [first, last] = [Date.parse('0001-01-01T00:00:00Z') / DAY_MS, Date.parse('9999-12-31T00:00:00Z') / DAY_MS]
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (day) => {
        expect(isCalendarDate(new Date(day * DAY_MS).toISOString().slice(0, 10))).toBe(true)
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('calendarDate (the request schema)', () => {
  it('gives the date as written, trimmed', () => {
    expect(calendarDate.parse(' 2024-02-29 ')).toBe('2024-02-29')
  })

  it('refuses anything else with the field message, and never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 13, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([y, m, d]) => written(y, m, d)),
          fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 32, max: 99 })).map(([y, m, d]) => written(y, m, d)),
          fc.constantFrom('2026-02-30', '2025-02-29', '', 'yesterday', '2026-1-5', null, 20260105, {}, []),
        ),
        (v) => {
          const r = calendarDate.safeParse(v)
          if (typeof v === 'string' && isCalendarDate(v.trim())) expect(r.success).toBe(true)
          else expect(r.success ? null : r.error.issues.map((i) => i.message)).toEqual([dateMessages.invalid])
        },
      ),
      { numRuns: 2_000 },
    )
  })
})
