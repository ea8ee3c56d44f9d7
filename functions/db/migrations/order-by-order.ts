import type { EntityItem } from 'electrodb'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import type { TxEntities } from '../repositories/orders.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

type Stored = EntityItem<ReturnType<typeof createService>['entities']['order']>

/** An attribute every order write now stores, which orders stored before it lack. */
type Decided = 'receivableCents' | 'missingFromBook'

/**
 * Gives every stored order that lacks `attribute` the value `decide` gives it (a Scan), each in its own transaction
 * with the items `decide` adds (counters, a list's item), the order put back conditioned on the version read and on
 * the attribute's absence: an order a live write decided meanwhile has the attribute already and is left as it is,
 * and running it again changes nothing. Live writes may hold the items it moves or write the order meanwhile: the
 * one retry policy (lib/retry.ts). Returns how many orders were read and how many `decide` counted.
 */
export async function decideEveryOrder<V>(
  config: TableConfig,
  { attribute, what, decide }: { attribute: Decided; what: string; decide: (o: Stored) => { value: V; items: (entities: TxEntities) => unknown[]; counts: boolean } },
): Promise<{ orders: number; counted: number }> {
  const service = createService(config)
  const { order } = service.entities
  let orders = 0
  let counted = 0
  for (const scanned of (await order.scan.go({ pages: 'all' })).data as Stored[]) {
    orders += 1
    let o: Stored | null = scanned
    await retryOnConflict(
      async () => {
        if (!o || o[attribute] !== undefined) return
        const current: Stored = o
        const { value, items, counts } = decide(current)
        const result = await service.transaction
          .write((entities) => [
            entities.order
              .put({ ...current, [attribute]: value })
              .where((attrs, { eq, notExists }) => `${eq(attrs.version, current.version)} AND ${notExists(attrs[attribute])}`)
              .commit(),
            ...items(entities),
          ] as never)
          .go()
        if (!result.canceled) {
          counted += counts ? 1 : 0
          return
        }
        const codes = cancellationCodes(result.data)
        if (!(codes[0] === CONDITION_FAILED || codes.includes(TRANSACTION_CONFLICT))) throw new Error(`${what}: order ${current.orderId} not decided: ${JSON.stringify(codes)}`)
        // Written meanwhile: read it again (a commit decided it already when it has the attribute now).
        if (codes[0] === CONDITION_FAILED) o = (await order.get({ orderId: current.orderId }).go({ consistent: true })).data
        throw new ContendedTransaction(codes)
      },
      { exhausted: (err) => new Error(`${what}: order ${scanned.orderId} not decided: ${JSON.stringify((err as ContendedTransaction).codes)}`) },
    )
  }
  return { orders, counted }
}
