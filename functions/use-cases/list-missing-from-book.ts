import type { MissingFromBookQuery } from '@gs/shared/schemas/book'
import { INVALID_CURSOR } from '@gs/shared/schemas/paging'
import { isCursorError } from '../db/cursor.ts'
import type { MissingFromBookList } from '../db/repositories/missing-from-book.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'

/** Cursors of this list name it (`m.<ElectroDB's>`): another list's is refused, never misread. */
const LIST = 'm'
const invalidCursor = () => new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR })

/**
 * The firearms missing from the A&D book (docs/business-rules.md, "The A&D book"): the orders whose status says the
 * firearm came in without its intake, the oldest order first, `limit` a page, and how many there are. Bounded
 * whatever the table holds: one Query of the list's items, one BatchGet of their orders (read strongly, so an
 * intake recorded a moment ago is not shown as missing) and one GetItem of the count.
 */
export async function listMissingFromBook({ missing, orders, query }: { missing: MissingFromBookList; orders: Pick<OrderRepository, 'getOrders'>; query: MissingFromBookQuery }): Promise<{ count: number; items: Order[]; cursor: string | null }> {
  let inner: string | null = null
  if (query.cursor) {
    if (!query.cursor.startsWith(`${LIST}.`) || query.cursor.length <= LIST.length + 1) throw invalidCursor()
    inner = query.cursor.slice(LIST.length + 1)
  }
  const [page, count] = await Promise.all([
    missing.page({ limit: query.limit, cursor: inner }).catch((err: unknown) => {
      throw inner && isCursorError(err) ? invalidCursor() : err
    }),
    missing.count(),
  ])
  const byId = new Map((await orders.getOrders(page.orderIds, { consistent: true })).map((o) => [o.orderId, o]))
  const items = page.orderIds.map((id) => byId.get(id)).filter((o): o is Order => !!o && !!o.missingFromBook && !o.isDeleted)
  return { count, items, cursor: page.cursor ? `${LIST}.${page.cursor}` : null }
}
