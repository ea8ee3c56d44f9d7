import type { EntityItem } from 'electrodb'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import { receivableCentsOf, receivableCounterItems } from '../repositories/receivable-counters.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

/**
 * Counts every order stored before the receivables (no `receivableCents`) into the receivables counters and
 * index: per order, one transaction that stores what it is counted with (its stored balance due, 0 when
 * deleted; the receivables index keys come with it) and ADDs that to the counters. An order a live write
 * counted meanwhile already has the attribute (every commit writes it), and this write is conditioned on its
 * absence and on the version read, so no order is counted twice; running it again counts nothing.
 */
export async function countReceivables(config: TableConfig): Promise<{ orders: number; counted: number }> {
  const service = createService(config)
  const { order } = service.entities
  let orders = 0
  let counted = 0
  type Stored = EntityItem<typeof order>
  for (const scanned of (await order.scan.go({ pages: 'all' })).data as Stored[]) {
    orders += 1
    let o: Stored | null = scanned
    // Live writes may hold the counter items it moves, or write the order meanwhile: the one retry policy (lib/retry.ts).
    await retryOnConflict(
      async () => {
        if (!o || o.receivableCents !== undefined) return
        const current: Stored = o
        const cents = receivableCentsOf(current)
        const result = await service.transaction
          .write((entities) => [
            entities.order
              .put({ ...current, receivableCents: cents })
              .where(({ version, receivableCents }, { eq, notExists }) => `${eq(version, current.version)} AND ${notExists(receivableCents)}`)
              .commit(),
            ...receivableCounterItems(entities, [{ invoicedAt: current.createdAt, before: 0, after: cents }]),
          ] as never)
          .go()
        if (!result.canceled) {
          counted += cents > 0 ? 1 : 0
          return
        }
        const codes = cancellationCodes(result.data)
        if (!(codes[0] === CONDITION_FAILED || codes.includes(TRANSACTION_CONFLICT))) throw new Error(`Receivables: order ${current.orderId} not counted: ${JSON.stringify(codes)}`)
        // Written meanwhile: read it again (a commit counted it already when it has the attribute now).
        if (codes[0] === CONDITION_FAILED) o = (await order.get({ orderId: current.orderId }).go({ consistent: true })).data
        throw new ContendedTransaction(codes)
      },
      { exhausted: (err) => new Error(`Receivables: order ${scanned.orderId} not counted: ${JSON.stringify((err as ContendedTransaction).codes)}`) },
    )
  }
  return { orders, counted }
}
