/** What a calendar-date field says when its value is not a date that exists (shared/src/schemas/dates.ts). */
export const dateMessages = {
  invalid: 'Enter a date (YYYY-MM-DD)',
} as const

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Days in a month (1-12) of the Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * A calendar date written YYYY-MM-DD that exists: month 01-12, a day the month has (2024-02-29, never
 * 2025-02-29 or 2026-02-30). Decided by arithmetic on the digits, never by a Date, which reads some
 * impossible dates as others and throws on the rest.
 */
export function isCalendarDate(value: string): boolean {
  const parts = CALENDAR_DATE.exec(value)
  if (!parts) return false
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/** Dates as the spec shows them: "MMM d, yyyy" and "MMM d, yyyy h:mm a" (en-US); a bad date returns the raw input. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function parse(input: string | number | Date | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null
  const d = input instanceof Date ? input : new Date(input)
  return Number.isNaN(d.getTime()) ? null : d
}

export function formatDate(input: string | number | Date | null | undefined): string {
  const d = parse(input)
  if (!d) return input === null || input === undefined ? '' : String(input)
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`
}

export function formatDateTime(input: string | number | Date | null | undefined): string {
  const d = parse(input)
  if (!d) return input === null || input === undefined ? '' : String(input)
  const h = d.getHours() % 12 || 12
  const m = String(d.getMinutes()).padStart(2, '0')
  return `${formatDate(d)} ${h}:${m} ${d.getHours() < 12 ? 'AM' : 'PM'}`
}
