import type { Payment } from '#functions/domain/order.ts'
import { nameSortKey, TEXT_SEARCH_READ_BUDGET } from '#functions/domain/search.ts'
import { createConversions } from 'electrodb'
import { amountKeyOf } from '../entities/payment.ts'
import { filteredPage } from '../filtered-pages.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { dayBucket, type LedgerCounts } from '#functions/domain/ledger-stats.ts'
import { recentFrom, statsFromBuckets } from '#functions/domain/ledger-cards.ts'
import type { Page } from './orders.ts'

export interface LedgerPageQuery {
  sort: 'date' | 'amount' | 'customer'
  direction: 'asc' | 'desc'
  status?: Payment['paymentStatus']
  limit: number
  cursor: string | null
  text?: string
  readBudget?: number
}

export type LedgerStats = Awaited<ReturnType<typeof readLedgerStats>>

/**
 * The admin payments page's reads of the ledger (apart from the write path, so the functions that
 * write entries do not carry them): pages through the ledger indexes, an order's entries, the orders of
 * an intent, and the stat cards from the counters.
 */
export interface LedgerPages {
  /**
   * One page of the admin ledger, through the index of its sort (date, amount, customer) over all
   * entries or one status. Without `text`: one Query of `limit` items. With `text` (normalized, see
   * domain/search.ts): one Query filtered on the stored search attribute that reads at most `readBudget`
   * items (filtered-pages.ts); the cursor goes on from there.
   */
  pageLedger(q: LedgerPageQuery): Promise<Page<Payment> & { read: number }>
  /** An order's entries, newest first, at most `limit` (one Query of the order's partition). */
  entriesOfOrder(orderId: string, limit: number): Promise<Payment[]>
  /** The orders a card checkout paid or tried to pay (its one item), or null for an unknown intent. */
  ordersOfIntent(paymentIntentId: string): Promise<string[] | null>
  /** The stat cards from the ledger counters (ledger-counters.ts): one Query of a fixed number of items. */
  stats(now: Date): Promise<LedgerStats>
}

export function createLedgerPages({ table, client }: TableConfig): LedgerPages {
  const service = createService({ table, client })
  const { payment, checkout } = service.entities
  const conversions = createConversions(payment)
  // The keys of the page's last entry on the query's index; the sort keys' hidden parts are derived as entities/payment.ts derives them.
  const cursorAfter = (q: LedgerPageQuery) => (p: Payment) =>
    conversions.byAccessPattern[ledgerPattern(q)].fromComposite.toCursor({ ...p, ledger: 'all', amountKey: amountKeyOf(p.amountCents), customerKey: nameSortKey(p.customerName) })
  return {
    async pageLedger(q) {
      const query = () => ledgerIndex(payment, q)
      if (!q.text) {
        const res = await query().go({ order: q.direction, limit: q.limit, cursor: q.cursor })
        return { items: res.data as Payment[], cursor: res.cursor ?? null, read: res.data.length }
      }
      const needle = q.text
      return filteredPage(
        async (limit, cursor) => {
          const res = await query()
            .where(({ searchText }, { contains }) => contains(searchText, needle))
            .go({ order: q.direction, limit, cursor })
          return { data: res.data as Payment[], cursor: res.cursor ?? null }
        },
        { limit: q.limit, cursor: q.cursor, readBudget: q.readBudget ?? TEXT_SEARCH_READ_BUDGET, cursorAfter: cursorAfter(q) },
      )
    },
    async entriesOfOrder(orderId, limit) {
      const { data } = await payment.query.byOrder({ orderId }).go({ limit })
      return (data as Payment[]).sort((a, b) => (a.paymentDate < b.paymentDate ? 1 : a.paymentDate > b.paymentDate ? -1 : 0))
    },
    async ordersOfIntent(paymentIntentId) {
      const { data } = await checkout.get({ paymentIntentId }).go()
      return data ? data.orderIds : null
    },
    stats(now) {
      return readLedgerStats(service.entities, now)
    },
  }
}

type Entities = ReturnType<typeof createService>['entities']

/** The stat cards: every shard of the total and of the last 30 days, one Query (at most 31 × shards items). */
async function readLedgerStats(entities: Pick<Entities, 'ledgerCounter'>, now: Date) {
  const { data } = await entities.ledgerCounter.query
    .byBucket({ scope: 'ledger' })
    .gte({ bucket: dayBucket(recentFrom(now)) })
    .go({ pages: 'all' })
  return statsFromBuckets(data as Array<{ bucket: string } & LedgerCounts>, now)
}

/** The access pattern (entities/payment.ts) that serves a sort over all entries or one status. */
function ledgerPattern(q: Pick<LedgerPageQuery, 'sort' | 'status'>) {
  if (q.sort === 'amount') return q.status ? 'byLedgerStatusAmount' : 'byLedgerAmount'
  if (q.sort === 'customer') return q.status ? 'byLedgerStatusCustomer' : 'byLedgerCustomer'
  return q.status ? 'byLedgerStatus' : 'byLedger'
}

function ledgerIndex(payment: ReturnType<typeof createService>['entities']['payment'], q: Pick<LedgerPageQuery, 'sort' | 'status'>) {
  const all = { ledger: 'all' }
  const one = { ledger: 'all', paymentStatus: q.status ?? 'successful' }
  // The six builders differ only in their key types; what is chained on them (where, go) is the same.
  type Builder = ReturnType<typeof payment.query.byLedger>
  const builders = {
    byLedgerAmount: () => payment.query.byLedgerAmount(all),
    byLedgerStatusAmount: () => payment.query.byLedgerStatusAmount(one),
    byLedgerCustomer: () => payment.query.byLedgerCustomer(all),
    byLedgerStatusCustomer: () => payment.query.byLedgerStatusCustomer(one),
    byLedger: () => payment.query.byLedger(all),
    byLedgerStatus: () => payment.query.byLedgerStatus(one),
  }
  return builders[ledgerPattern(q)]() as unknown as Builder
}
