import type { DecidedOrderWrite } from '#functions/domain/order-commit.ts'
import type { Order } from '#functions/domain/order.ts'
import { createConversions } from 'electrodb'
import { ownStartKey } from '../cursor.ts'
import { counterEntity } from '../entities/counter.ts'
import { missingFirearmEntity } from '../entities/missing-firearm.ts'
import type { GunsmithService } from '../service.ts'
import type { TableConfig } from '../table.ts'

type TxEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]

/** The counter item (counter entity) holding how many orders are listed as missing from the A&D book. */
export const MISSING_COUNTER = 'missingFromBook'

/**
 * The list's items of a transaction's order writes (orders.ts commit): an order listed now and not before gets its
 * item, one listed before and not now loses it, and the count moves by the difference, in the same transaction as
 * the orders (each conditioned on what it was listed as: never counted twice). Nothing when no write changes.
 */
export function missingFromBookItems(entities: Pick<TxEntities, 'missingFirearm' | 'counter'>, writes: readonly { order: Pick<Order, 'orderId' | 'createdAt'>; missing: DecidedOrderWrite['missing'] }[]): unknown[] {
  const moved = writes.filter(({ missing }) => (missing.before ?? false) !== missing.after)
  if (!moved.length) return []
  const delta = moved.reduce((n, { missing }) => n + (missing.after ? 1 : -1), 0)
  return [
    ...moved.map(({ order: { orderId, createdAt }, missing }) =>
      missing.after ? entities.missingFirearm.put({ missingList: 'book', orderId, createdAt }).commit() : entities.missingFirearm.delete({ missingList: 'book', orderId, createdAt }).commit(),
    ),
    ...(delta ? [entities.counter.update({ name: MISSING_COUNTER }).add({ value: delta }).commit()] : []),
  ]
}

export interface MissingFromBookPage {
  /** The orders listed, the longest missing (the oldest order) first. */
  orderIds: string[]
  cursor: string | null
}

/** The read side: a page of the list (one Query) and its count (one GetItem). */
export interface MissingFromBookList {
  page(q: { limit: number; cursor: string | null }): Promise<MissingFromBookPage>
  count(): Promise<number>
}

export function createMissingFromBookList(config: TableConfig): MissingFromBookList {
  const [items, counter] = [missingFirearmEntity(config), counterEntity(config)]
  // The list's partition and its items' key prefix: a cursor naming any other key is refused before DynamoDB sees it.
  const { pk, sk } = createConversions(items).fromComposite.toKeys({ missingList: 'book', createdAt: '', orderId: '' }) as { pk: string; sk: string }
  const own = { pk, sk: sk.slice(0, sk.indexOf('#') + 1) }
  return {
    async page({ limit, cursor }) {
      if (cursor) ownStartKey(cursor, own)
      const res = await items.query.byCreated({ missingList: 'book' }).go({ order: 'asc', limit, cursor })
      return { orderIds: res.data.map((i) => i.orderId), cursor: res.cursor ?? null }
    },
    async count() {
      const { data } = await counter.get({ name: MISSING_COUNTER }).go()
      return Math.max(0, data?.value ?? 0)
    },
  }
}
