import type { EntityItem } from 'electrodb'
import { isWorkFinished, workBuckets } from '@gs/shared/work-dates'
import { turnaroundOf, type WorkDecision } from '#functions/domain/work-dates.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { workCounterItems } from '../repositories/work-counters.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

type Stored = EntityItem<ReturnType<typeof createService>['entities']['order']>

/**
 * Counts the orders stored before the dashboard counters and the turnaround report (a Scan, off the request path):
 * an order without `workCounted` is counted into its dashboard buckets; a finished order without `readyAt` gets the
 * time it first became ready (its first ready-or-later status in its history, else its last change) and, with an
 * intake, its turnaround counted. Each order in its own transaction with its counters, put back over the version
 * read with the version moved on (a live write that read the order before goes round again and counts from what
 * this wrote): once per order, safe to run again.
 */
export async function countWorkDates(config: TableConfig): Promise<{ orders: number; counted: number; ready: number }> {
  const service = createService(config)
  const { order, statusUpdate } = service.entities
  let [orders, counted, ready] = [0, 0, 0]

  /** When the order first reached a finished status, as its history says (oldest first); null when it never said so. */
  async function firstFinished(orderId: string): Promise<string | null> {
    const { data } = await statusUpdate.query.byOrder({ orderId }).go({ pages: 'all' })
    const times = data.filter((u) => isWorkFinished(u.status)).map((u) => u.createdAt).sort()
    return times[0] ?? null
  }

  for (const scanned of (await order.scan.go({ pages: 'all' })).data as Stored[]) {
    orders += 1
    let o: Stored | null = scanned
    await retryOnConflict(
      async () => {
        if (!o) return
        const current: Stored = o
        const countBuckets = current.workCounted === undefined
        const markReady = !current.readyAt && !current.isDeleted && isWorkFinished(current.currentStatus)
        if (!countBuckets && !markReady) return
        const readyAt = markReady ? ((await firstFinished(current.orderId)) ?? current.updatedAt ?? current.createdAt) : current.readyAt
        const after = workBuckets(current)
        const work: WorkDecision = {
          buckets: countBuckets ? { before: [], after } : { before: [], after: [] },
          turnaround: markReady && readyAt ? turnaroundOf({ intake: current.intake as never, serviceType: current.serviceType ?? '' }, readyAt) : null,
        }
        const next = { ...current, readyAt, workCounted: countBuckets ? after : current.workCounted, version: (current.version ?? 1) + 1 }
        const result = await service.transaction
          .write((entities) => [
            entities.order
              .put(next)
              .where((attrs, { eq }) => eq(attrs.version, current.version ?? 1))
              .commit(),
            ...workCounterItems(entities, [{ work }]),
          ] as never)
          .go()
        if (!result.canceled) {
          counted += countBuckets ? 1 : 0
          ready += work.turnaround ? 1 : 0
          return
        }
        const codes = cancellationCodes(result.data)
        if (!(codes[0] === CONDITION_FAILED || codes.includes(TRANSACTION_CONFLICT))) throw new Error(`Work dates: order ${current.orderId} not counted: ${JSON.stringify(codes)}`)
        // Written meanwhile: read it again (the live write counted it when it has the attributes now).
        if (codes[0] === CONDITION_FAILED) o = (await order.get({ orderId: current.orderId }).go({ consistent: true })).data
        throw new ContendedTransaction(codes)
      },
      { exhausted: (err) => new Error(`Work dates: order ${scanned.orderId} not counted: ${JSON.stringify((err as ContendedTransaction).codes)}`) },
    )
  }
  return { orders, counted, ready }
}
