/**
 * When a received box's intake is due (27 CFR 478.125(e): the acquisition entered by the close of the next business
 * day after receipt), computed in the shop's time zone. Business days are Monday to Friday; holidays are not known
 * (a holiday counts as a business day). The close of business is 17:00 shop time.
 */

/** The shop's time zone (an IANA name): where "the next business day" and "the close" are reckoned. */
export const SHOP_TIME_ZONE = 'America/Chicago'
/** The close of business, in hours after midnight shop time. */
export const INTAKE_CLOSE_HOUR = 17

/** What staff read about a box received without its intake (the order editor, the dashboard, the list, the email). */
export const intakeDueTexts = {
  boxReceived: 'Box received',
  markBoxReceived: 'Box received',
  boxReceivedAt: 'Box received at',
  dueBy: (when: string) => `Intake due by ${when}`,
  overdue: 'Overdue',
  awaitingIntake: 'Boxes awaiting intake',
  overdueForIntake: 'Overdue for intake',
  listTitle: 'Boxes awaiting intake',
  listEmpty: 'No box is waiting for its intake.',
  historyNote: (when: string) => `Box received ${when}; intake due by the close of the next business day.`,
  alreadyReceived: 'The firearm is already received: its intake is recorded.',
  alreadyBoxReceived: 'The box is already recorded as received.',
  notBeforeOrder: 'The box cannot have arrived before the order was created.',
  notInFuture: 'The time received cannot be in the future.',
  emailSubject: (firearm: string, orderNumber: string) => `Intake overdue: ${firearm} — order ${orderNumber}`,
} as const

interface LocalParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  weekday: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    formatters.set(timeZone, f)
  }
  return f
}

/** The wall-clock date and time of an instant in a time zone. */
function localParts(instant: number, timeZone: string): LocalParts {
  const p: Record<string, number> = {}
  for (const { type, value } of partsFormatter(timeZone).formatToParts(new Date(instant))) if (type !== 'literal') p[type] = Number(value)
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second, weekday }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const l = localParts(instant, timeZone)
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(instant / 1000) * 1000
}

/** The instant a wall-clock time of a zone names (the offset checked again at the result, so DST days come out right). */
function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour)
  const first = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(first, timeZone)
}

/** The first weekday (Monday–Friday) after a calendar date, as year, month, day. */
export function nextBusinessDay(year: number, month: number, day: number): { year: number; month: number; day: number } {
  let d = new Date(Date.UTC(year, month - 1, day + 1))
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/**
 * The close of the next business day after a box was received (ISO time), in the shop's time zone: a box received
 * on a Friday (or a Saturday or Sunday) is due at the close of Monday; one received on a Monday at the close of
 * Tuesday, whatever the hour of receipt.
 */
export function intakeDueAt(receivedAt: string | Date, { timeZone = SHOP_TIME_ZONE, closeHour = INTAKE_CLOSE_HOUR }: { timeZone?: string; closeHour?: number } = {}): string {
  const at = typeof receivedAt === 'string' ? Date.parse(receivedAt) : receivedAt.getTime()
  if (Number.isNaN(at)) throw new RangeError(`Not a time: ${String(receivedAt)}`)
  const local = localParts(at, timeZone)
  const next = nextBusinessDay(local.year, local.month, local.day)
  return new Date(zonedInstant(next.year, next.month, next.day, closeHour, timeZone)).toISOString()
}

/** Whether an intake due at `dueAt` is late at `now`. */
export const isIntakeOverdue = (dueAt: string, now: Date = new Date()): boolean => Date.parse(dueAt) < now.getTime()

/** "Monday, Nov 30, 2026, 5:00 PM": a time as staff read it, in the shop's time zone (assembled from its parts, the same in every runtime). */
export function formatShopTime(iso: string, timeZone: string = SHOP_TIME_ZONE): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const p: Record<string, string> = {}
  const f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })
  for (const { type, value } of f.formatToParts(d)) p[type] = value
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`
}
