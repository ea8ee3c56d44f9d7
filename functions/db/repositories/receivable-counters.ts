import { countedCents, receivableDeltas, type ReceivableChange } from '#functions/domain/receivables.ts'
import { RECEIVABLE_COUNTER_SHARDS } from '../entities/receivable-counter.ts'
import type { GunsmithService } from '../service.ts'

type TxEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]

/**
 * The write side of the receivables (domain/receivables.ts), loaded by every order write (orders.ts commit):
 * what an order is counted with, and the counter updates of a transaction.
 */

/** What a write of this order item counts it with: its stored balance due, 0 once deleted. */
export const receivableCentsOf = (item: { isDeleted?: boolean; invoiceBalanceDueCents?: number }) => countedCents({ isDeleted: item.isDeleted, balanceDueCents: item.invoiceBalanceDueCents ?? 0 })

/** The counter updates of a write: one ADD per bucket it moves, all on one shard picked at random (a fixed, small number: domain/receivables.ts). */
export function receivableCounterItems(entities: Pick<TxEntities, 'receivableCounter'>, changes: readonly ReceivableChange[], now = new Date(), shard = Math.floor(Math.random() * RECEIVABLE_COUNTER_SHARDS)) {
  return [...receivableDeltas(changes, now)].map(([bucket, d]) => entities.receivableCounter.update({ scope: 'receivables', bucket, shard: String(shard) }).add(d as never).commit())
}
