import { epochDay } from '@gs/shared/receivables'
import { firstWindowBucket } from '#functions/domain/receivables.ts'
import type { CounterItem } from '#functions/domain/receivable-totals.ts'
import type { Order } from '#functions/domain/order.ts'
import { InvalidCursorError } from '../cursor.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { toOrder } from './orders.ts'

/**
 * The read side of the receivables (domain/receivables.ts; the write side is receivable-counters.ts, in every
 * order transaction): the orders with a balance due through their index (gsi8, by invoice date), and the
 * counter items of the totals.
 */
export interface ReceivablesPageQuery {
  /** Invoice days, both inclusive (YYYY-MM-DD); null: no bound. */
  from: string | null
  to: string | null
  direction: 'asc' | 'desc'
  limit: number
  cursor: string | null
}

export interface ReceivablesRepository {
  /** One page of the orders counted with a balance due, by invoice date: one Query of gsi8. */
  page(q: ReceivablesPageQuery): Promise<{ items: Order[]; cursor: string | null }>
  /** The counter items of the totals on `now`'s day: one Query of every shard of `total` and of the windows of the last 91 days. */
  counters(now: Date): Promise<CounterItem[]>
}

const nextDay = (day: string) => new Date((epochDay(day) + 1) * 86_400_000).toISOString().slice(0, 10)

export function createReceivablesRepository(config: TableConfig): ReceivablesRepository {
  const { order, receivableCounter } = createService(config).entities
  return {
    async page({ from, to, direction, limit, cursor }) {
      const all = order.query.byReceivable({})
      // A day's orders sort under `<day>t…` (keys are lower case): the day after is an exclusive bound no key equals.
      const query = from && to ? all.between({ createdAt: from }, { createdAt: nextDay(to) }) : from ? all.gte({ createdAt: from }) : to ? all.lt({ createdAt: nextDay(to) }) : all
      if (cursor) checkCursor(cursor, query.params() as { ExpressionAttributeValues: Record<string, unknown> })
      const res = await query.go({ order: direction, limit, cursor })
      return { items: res.data.map((i) => toOrder(i)), cursor: res.cursor ?? null }
    },
    async counters(now) {
      const { data } = await receivableCounter.query
        .byBucket({ scope: 'receivables' })
        .gte({ bucket: firstWindowBucket(now) })
        .go({ pages: 'all' })
      return data as CounterItem[]
    },
  }
}

/** A cursor of this index (ElectroDB's: the table key and the index key) in its partition; anything else is refused before DynamoDB sees it. */
function checkCursor(cursor: string, params: { ExpressionAttributeValues: Record<string, unknown> }) {
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw new InvalidCursorError()
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw new InvalidCursorError()
  const k = key as Record<string, unknown>
  const ok =
    Object.keys(k).sort().join(',') === 'gsi8pk,gsi8sk,pk,sk' &&
    typeof k.pk === 'string' &&
    typeof k.sk === 'string' &&
    k.gsi8pk === params.ExpressionAttributeValues[':pk'] &&
    typeof k.gsi8sk === 'string' &&
    k.gsi8sk.startsWith('$order_1#createdat_')
  if (!ok) throw new InvalidCursorError()
}

