import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { WORK_BUCKETS, type WorkBucket } from '@gs/shared/work-dates'
import { InvalidCursorError } from '../cursor.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { toOrder, type Page } from './orders.ts'
import { workCounterName } from './work-counters.ts'
import { INBOX_COUNTER } from './inbox.ts'
import type { Order } from '#functions/domain/order.ts'

/** The most items one dashboard count reads (one Query page); beyond it the count says "n+". */
export const DASHBOARD_COUNT_LIMIT = 500

export interface BoundedCount {
  count: number
  more: boolean
}

/** One turnaround counter: a month and service type's orders and their days from receipt to ready, summed. */
export interface TurnaroundCounter {
  month: string
  serviceType: string
  count: number
  totalDays: number
}

/**
 * The lists and counts of the work's dates (docs/business-rules.md, "Dates, turnaround and the bench"): the overdue
 * list (gsi9: open orders with a promised date, soonest first), a bench (gsi10: a staff member's open assigned orders,
 * soonest promised first, undated last), the dashboard's counts (counter items, or one COUNT Query page of an index),
 * and the turnaround counters of a month range (one Query). Every read is one request, bounded.
 */
export interface WorkLists {
  overdue(q: { today: string; limit: number; cursor: string | null }): Promise<Page<Order>>
  bench(q: { assignedTo: string; limit: number; cursor: string | null }): Promise<Page<Order>>
  /** The dashboard buckets' counters, the receivables' count and the inbox's, read together (one BatchGet, one Query). */
  counters(): Promise<Record<WorkBucket | 'unread' | 'balanceDue', number>>
  countOverdue(today: string): Promise<BoundedCount>
  countBench(assignedTo: string, only?: { overdueBefore?: string; awaitingApproval?: boolean }): Promise<BoundedCount>
  turnaround(from: string, to: string): Promise<TurnaroundCounter[]>
}

export function createWorkLists(config: TableConfig): WorkLists {
  const { order, counter, receivableCounter, turnaroundCounter } = createService(config).entities

  const overdueQuery = (today: string) => order.query.byPromised({}).lt({ dueOn: today })
  const benchQuery = (assignedTo: string) => order.query.byBench({ benchOf: assignedTo })

  /** One Select COUNT page of a query's params (with a filter when given): bounded by DASHBOARD_COUNT_LIMIT items read. */
  async function countOf(params: Record<string, unknown>): Promise<BoundedCount> {
    const res = await config.client.send(new QueryCommand({ ...(params as object), Select: 'COUNT', Limit: DASHBOARD_COUNT_LIMIT } as never))
    return { count: res.Count ?? 0, more: !!res.LastEvaluatedKey }
  }

  return {
    async overdue({ today, limit, cursor }) {
      const query = overdueQuery(today)
      if (cursor) checkCursor(cursor, 'gsi9', query.params() as QueryParams)
      const res = await query.go({ limit, cursor })
      return { items: res.data.map((i) => toOrder(i)), cursor: res.cursor ?? null }
    },
    async bench({ assignedTo, limit, cursor }) {
      const query = benchQuery(assignedTo)
      if (cursor) checkCursor(cursor, 'gsi10', query.params() as QueryParams)
      const res = await query.go({ limit, cursor })
      return { items: res.data.map((i) => toOrder(i)), cursor: res.cursor ?? null }
    },
    async counters() {
      const names = [...WORK_BUCKETS.map(workCounterName), INBOX_COUNTER]
      const [{ data }, totals] = await Promise.all([
        counter.get(names.map((name) => ({ name }))).go(),
        receivableCounter.query.byBucket({ scope: 'receivables' }).begins({ bucket: 'total' }).go({ pages: 'all' }),
      ])
      const value = (name: string) => Math.max(0, data.find((c) => c.name === name)?.value ?? 0)
      return {
        ...(Object.fromEntries(WORK_BUCKETS.map((b) => [b, value(workCounterName(b))])) as Record<WorkBucket, number>),
        unread: value(INBOX_COUNTER),
        balanceDue: Math.max(0, totals.data.reduce((s, i) => s + (i.count ?? 0), 0)),
      }
    },
    countOverdue: (today) => countOf(overdueQuery(today).params()),
    async countBench(assignedTo, only = {}) {
      const base = only.overdueBefore ? benchQuery(assignedTo).lt({ dueOn: only.overdueBefore }) : benchQuery(assignedTo)
      const query = only.awaitingApproval ? base.where(({ awaitingApproval }, { eq }) => eq(awaitingApproval, true)) : base
      return countOf(query.params())
    },
    async turnaround(from, to) {
      // The months' items sort under `<month>#…`: every key of `to` is below the month after's first.
      const { data } = await turnaroundCounter.query.byMonth({ scope: 'turnaround' }).between({ month: from }, { month: `${to}~` }).go({ pages: 'all' })
      return data.map((i) => ({ month: i.month, serviceType: i.serviceType, count: i.count ?? 0, totalDays: i.totalDays ?? 0 }))
    },
  }
}

interface QueryParams {
  ExpressionAttributeNames: Record<string, string>
  ExpressionAttributeValues: Record<string, unknown>
}

/** A cursor of this list (ElectroDB's: the table key and the index key, in the query's partition); anything else is refused. */
function checkCursor(cursor: string, index: 'gsi9' | 'gsi10', params: QueryParams) {
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw new InvalidCursorError()
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw new InvalidCursorError()
  const k = key as Record<string, unknown>
  const ok =
    Object.keys(k).sort().join(',') === [`${index}pk`, `${index}sk`, 'pk', 'sk'].sort().join(',') &&
    typeof k.pk === 'string' &&
    typeof k.sk === 'string' &&
    k[`${index}pk`] === params.ExpressionAttributeValues[':pk'] &&
    typeof k[`${index}sk`] === 'string'
  if (!ok) throw new InvalidCursorError()
}
