/**
 * The day arithmetic of the receivables (receivables.ts), apart so that every order write, which counts
 * receivables by invoice day, loads only this. Days are UTC calendar days.
 */

/** The oldest age (days) that is still counted day by day; older is "90+". */
export const RECEIVABLES_DAY_WINDOW = 90

const DAY_MS = 86_400_000

/** The UTC calendar day (YYYY-MM-DD) of an ISO time or a Date. */
export const utcDay = (at: string | Date): string => (typeof at === 'string' ? new Date(at) : at).toISOString().slice(0, 10)

/** Days since 1970-01-01 of a YYYY-MM-DD day. */
export const epochDay = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS)

/** The YYYY-MM-DD day of an epoch day. */
export const dayOfEpoch = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10)

/** Whole days from the invoice day to today (UTC); never below 0 (a clock a moment ahead). */
export function ageInDays(invoicedAt: string, now: Date): number {
  return Math.max(0, epochDay(utcDay(now)) - epochDay(utcDay(invoicedAt)))
}

