import type { TurnaroundReport } from '@gs/shared/api-types'
import { turnaroundQuerySchema } from '@gs/shared/schemas/work-dates'
import { averageDays, monthsBefore, monthsBetween, TURNAROUND_MAX_MONTHS, workMessages, workToday } from '@gs/shared/work-dates'
import { defineRoute } from '#functions/lib/http.ts'
import { ValidationError } from '#functions/lib/errors.ts'
import { workLists } from '#functions/compose.ts'

/**
 * GET /api/admin/reports/turnaround?from=YYYY-MM&to=YYYY-MM → per month (the month the work became ready) and service
 * type: orders and their average days from receipt to ready. Without a range: the 12 months to this one. One Query
 * of the turnaround counters (kept by the order writes: repositories/work-counters.ts).
 */
export const handler = defineRoute({ query: turnaroundQuerySchema }, async ({ query }) => {
  const thisMonth = workToday().slice(0, 7)
  const to = query.to ?? (query.from && query.from > thisMonth ? query.from : thisMonth)
  const from = query.from ?? monthsBefore(to, 11)
  const months = monthsBetween(from, to)
  if (!months.length || months.length > TURNAROUND_MAX_MONTHS) throw new ValidationError(workMessages.rangeInvalid, { from: workMessages.rangeInvalid })
  const counters = await (await workLists()).turnaround(from, to)
  const rows = counters
    .filter((c) => c.count > 0)
    .map((c) => ({ month: c.month, serviceType: c.serviceType, orders: c.count, totalDays: c.totalDays, averageDays: averageDays(c.totalDays, c.count) }))
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.serviceType.localeCompare(b.serviceType)))
  const body: TurnaroundReport = { from, to, months, rows }
  return { body }
})
