import { isReportMonth, monthsBetween, TURNAROUND_MAX_MONTHS, workMessages as m } from '../work-dates.ts'
import * as z from './zod.ts'

const month = z.optional(z.string({ error: m.monthInvalid }).check(z.trim(), z.refine(isReportMonth, m.monthInvalid)))

/** GET /api/admin/reports/turnaround?from=YYYY-MM&to=YYYY-MM (both optional: the last 12 months to this one). */
export const turnaroundQuerySchema = z
  .object({ from: month, to: month })
  .check(
    z.superRefine((v, ctx) => {
      if (v.from && v.to && (v.from > v.to || monthsBetween(v.from, v.to).length > TURNAROUND_MAX_MONTHS)) ctx.addIssue({ code: 'custom', path: ['from'], message: m.rangeInvalid })
    }),
  )
export type TurnaroundQuery = z.infer<typeof turnaroundQuerySchema>
