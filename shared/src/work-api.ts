import type { StaffRole } from './staff.ts'

/** One count of the staff dashboard; `more`: the count stopped at a bound (shown as "n+"). */
export interface DashboardCount {
  key: 'intake' | 'custody' | 'approval' | 'ready' | 'overdue' | 'unread' | 'balanceDue' | 'assigned'
  count: number
  more: boolean
}

/** GET /api/admin/dashboard: the day's work for the signed-in role (a gunsmith's: their bench). */
export interface DashboardCounts {
  role: StaffRole
  counts: DashboardCount[]
}

/** One service type in one month: orders that became ready, and their average days from receipt to ready. */
export interface TurnaroundRow {
  month: string
  serviceType: string
  orders: number
  totalDays: number
  averageDays: number
}

/** GET /api/admin/reports/turnaround?from=YYYY-MM&to=YYYY-MM */
export interface TurnaroundReport {
  from: string
  to: string
  months: string[]
  rows: TurnaroundRow[]
}
