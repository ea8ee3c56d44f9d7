import type { DashboardCount, DashboardCounts } from '@gs/shared/api-types'
import { workToday } from '@gs/shared/work-dates'
import { defineRoute } from '#functions/lib/http.ts'
import { workLists } from '#functions/compose.ts'

/**
 * GET /api/admin/dashboard → the day's work at a glance for the signed-in role. The owner and the front desk: orders
 * waiting for intake, in custody, awaiting approval, ready (counters kept by the order writes), overdue (one COUNT
 * page of the promised-date index), unread customer messages (the inbox's counter) and balance due (the
 * receivables' counter). A gunsmith: their bench's orders, those overdue and those awaiting approval (COUNT pages
 * of their bench). Each count is bounded: `more` when it stopped at the bound.
 */
export const handler = defineRoute({}, async ({ caller }) => {
  const lists = await workLists()
  const today = workToday()
  const role = caller.staffRole ?? 'owner'
  let counts: DashboardCount[]
  if (role === 'gunsmith') {
    const [assigned, overdue, approval] = await Promise.all([lists.countBench(caller.userId), lists.countBench(caller.userId, { overdueBefore: today }), lists.countBench(caller.userId, { awaitingApproval: true })])
    counts = [
      { key: 'assigned', ...assigned },
      { key: 'overdue', ...overdue },
      { key: 'approval', ...approval },
    ]
  } else {
    const [c, overdue] = await Promise.all([lists.counters(), lists.countOverdue(today)])
    const exact = (n: number) => ({ count: n, more: false })
    counts = [
      { key: 'intake', ...exact(c.intake) },
      { key: 'custody', ...exact(c.custody) },
      { key: 'approval', ...exact(c.approval) },
      { key: 'ready', ...exact(c.ready) },
      { key: 'overdue', ...overdue },
      { key: 'unread', ...exact(c.unread) },
      { key: 'balanceDue', ...exact(c.balanceDue) },
    ]
  }
  const body: DashboardCounts = { role, counts }
  return { body }
})
