import { cancellationCodes } from '../conditions.ts'
import { createService, type GunsmithService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { latestOrderItems, latestOrderOf, newestOrder, readPointer, type LatestOrderPlan } from './latest-order.ts'
import { ContendedTransaction } from './orders.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'

/**
 * Recomputes the latest order from the orders themselves (for summaries written before
 * the status was kept current): guarded like any other plan, the count left as it is.
 */
export async function planLatestRefresh(service: GunsmithService, customerId: string): Promise<LatestOrderPlan | null> {
  const pointer = await readPointer(service, customerId)
  if (!pointer) return null
  const next = await newestOrder(service, customerId, new Set())
  return {
    customerId,
    seen: { latestOrderId: pointer.latestOrderId },
    latest: next ? latestOrderOf(next) : null,
    countDelta: 0,
    ...(next ? { pin: { orderId: next.orderId, version: next.version } } : {}),
  }
}

/**
 * Recomputes the customer's latest order from their orders (a summary stored before its status was kept
 * current; the local stack's data fix at start, infra/local/seed.ts). Apart from the order repository, so
 * that no route carries it (the api-admin cold-start budget).
 */
export async function refreshLatestOrder(table: TableConfig, customerId: string): Promise<void> {
  const service = createService(table)
  // Profile items only: replanned on fresh reads while another writer moves the latest order.
  await retryOnConflict(
    async () => {
      const plan = (await planLatestRefresh(service, customerId)) ?? { customerId, seen: 'absent' as const, countDelta: 0 }
      const result = await service.transaction.write((entities) => latestOrderItems(entities, plan) as never).go()
      if (result.canceled) throw new ContendedTransaction(cancellationCodes(result.data))
    },
    { exhausted: (err) => new Error(`Latest order refresh cancelled: ${JSON.stringify((err as ContendedTransaction).codes)}`) },
  )
}
