import { receivableCentsOf, receivableCounterItems } from '../repositories/receivable-counters.ts'
import type { TableConfig } from '../table.ts'
import { decideEveryOrder } from './order-by-order.ts'

/**
 * Counts every order stored before the receivables (no `receivableCents`) into the receivables counters and
 * index: per order, one transaction that stores what it is counted with (its stored balance due, 0 when
 * deleted; the receivables index keys come with it) and ADDs that to the counters. Once per order
 * (decideEveryOrder: an order a live write counted meanwhile already has the attribute).
 */
export async function countReceivables(config: TableConfig): Promise<{ orders: number; counted: number }> {
  return decideEveryOrder(config, {
    attribute: 'receivableCents',
    what: 'Receivables',
    decide: (o) => {
      const cents = receivableCentsOf(o)
      return { value: cents, counts: cents > 0, items: (entities) => receivableCounterItems(entities, [{ invoicedAt: o.createdAt, before: 0, after: cents }]) }
    },
  })
}
