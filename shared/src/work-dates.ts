/**
 * Dates of the work on an order: the promised date, overdue, readiness and turnaround, and the staff dashboard's
 * buckets (docs/business-rules.md, "Dates, turnaround and the bench"). Dates are calendar dates YYYY-MM-DD
 * (shared/src/dates.ts); "today" is the UTC date, as the A&D book's (bookToday).
 */

/** The statuses that say the work is done and the firearm waits for its customer. */
export const READY_STATUSES = ['ready_for_pickup', 'ready_for_shipping', 'awaiting_pickup'] as const

/** Ready, or past it (a firearm may be shipped without passing a ready status): the work is finished. */
const FINISHED_STATUSES: readonly string[] = [...READY_STATUSES, 'completed', 'shipped', 'delivered', 'order_closed']

/** The work on an order in this status is finished (ready, shipped, delivered, closed). */
export const isWorkFinished = (status: string | null | undefined): boolean => FINISHED_STATUSES.includes(status ?? '')

export const isReadyStatus = (status: string | null | undefined): boolean => (READY_STATUSES as readonly string[]).includes(status ?? '')

interface WorkState {
  currentStatus?: string | null
  isDeleted?: boolean
  isArchived?: boolean
}

/** Work still to do: an active order (not archived, not deleted) whose work is not finished nor cancelled. */
export const isOpenWork = (o: WorkState): boolean => !o.isDeleted && !o.isArchived && !isWorkFinished(o.currentStatus) && o.currentStatus !== 'cancelled'

/** Today's calendar date (UTC). */
export const workToday = (now = new Date()): string => now.toISOString().slice(0, 10)

/** Overdue: work still open whose promised date is before today. */
export const isOverdue = (o: WorkState & { promisedDate?: string | null }, today: string): boolean => !!o.promisedDate && o.promisedDate < today && isOpenWork(o)

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** A calendar date as people read it ("Jan 5, 2027"), from its digits (never shifted by a time zone). */
export const formatCalendarDate = (date: string): string => `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`

/** Whole days from one calendar date to another (0 the same day; never below 0). */
export const daysBetween = (from: string, to: string): number => Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000))

/** What the bench's index sorts an order by: its promised date, or (none) after every date. */
export const NO_PROMISED_DATE_KEY = '9999-12-31'

/**
 * The staff dashboard's counted buckets of an order (kept in counters by every order write):
 * - `intake`: waiting for its firearm (the status says it has not come, no intake recorded);
 * - `custody`: its firearm is in the shop (received, not released);
 * - `approval`: the customer is asked to approve extra work (a pending request);
 * - `ready`: the work is done, the firearm waits for pickup or shipping.
 * A deleted or archived order is in none.
 */
export const WORK_BUCKETS = ['intake', 'custody', 'approval', 'ready'] as const
export type WorkBucket = (typeof WORK_BUCKETS)[number]

export interface BucketedOrder extends WorkState {
  intake?: unknown
  release?: unknown
  approvalRequests?: readonly { status: string }[] | null
}

/** The statuses of an order whose firearm has not come yet. */
export const AWAITING_STATUSES = ['order_created', 'label_created'] as const

export function workBuckets(o: BucketedOrder): WorkBucket[] {
  if (o.isDeleted || o.isArchived) return []
  const out: WorkBucket[] = []
  if (!o.intake && (AWAITING_STATUSES as readonly string[]).includes(o.currentStatus ?? '')) out.push('intake')
  if (o.intake && !o.release) out.push('custody')
  if (hasPendingApproval(o) && isOpenWork(o)) out.push('approval')
  if (isReadyStatus(o.currentStatus)) out.push('ready')
  return out
}

export const hasPendingApproval = (o: Pick<BucketedOrder, 'approvalRequests'>): boolean => (o.approvalRequests ?? []).some((r) => r.status === 'pending')

/** A month of the turnaround report: YYYY-MM. */
export const isReportMonth = (v: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(v)

/** The months from `from` to `to` (YYYY-MM), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = []
  let [y, m] = from.split('-').map(Number)
  const [ty, tm] = to.split('-').map(Number)
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`)
    m += 1
    if (m > 12) [y, m] = [y + 1, 1]
  }
  return out
}

/** The longest range the turnaround report reads at once (one Query of the counters). */
export const TURNAROUND_MAX_MONTHS = 24

/** The month `n` months before `month` (YYYY-MM). */
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number)
  const index = y * 12 + (m - 1) - n
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The service type an order is reported under (blank: Other). */
export const reportedServiceType = (serviceType: string | null | undefined): string => serviceType?.trim() || 'Other'

/** Average days, one decimal. */
export const averageDays = (totalDays: number, count: number): number => (count > 0 ? Math.round((totalDays / count) * 10) / 10 : 0)

export const workMessages = {
  estimatedCompletion: 'Estimated completion',
  promisedDate: 'Promised date',
  promisedHint: 'The customer sees it as the estimated completion.',
  overdue: 'Overdue',
  overdueOrders: 'Overdue orders',
  noOverdue: 'No overdue orders.',
  myBench: 'My bench',
  benchOf: (name: string) => `${name}'s bench`,
  benchEmpty: 'No open orders are assigned here.',
  noPromisedDate: 'No date',
  assignedTo: 'Assigned to',
  unassigned: 'Unassigned',
  assign: 'Assign',
  assigneeInvalid: 'Choose an active staff member to assign the order to.',
  gunsmithIdInvalid: 'gunsmithId must be a staff member id or null',
  assigned: (name: string) => `Assigned to ${name}`,
  unassignedSummary: 'Unassigned the order',
  turnaround: 'Turnaround',
  turnaroundIntro: 'Days from receipt of the firearm to ready, per service type and month the work was ready.',
  turnaroundEmpty: 'No orders were ready in these months.',
  monthInvalid: 'Enter a month (YYYY-MM)',
  rangeInvalid: `from must not be after to, at most ${TURNAROUND_MAX_MONTHS} months`,
  dashboard: {
    intake: 'Waiting for intake',
    custody: 'In custody',
    approval: 'Awaiting approval',
    ready: 'Ready',
    overdue: 'Overdue',
    unread: 'Unread messages',
    balanceDue: 'Balance due',
    assigned: 'Assigned to me',
  },
} as const

/** A promised date as the staff lists show it, or that there is none. */
export const promisedText = (date: string | null) => (date ? formatCalendarDate(date) : workMessages.noPromisedDate)
