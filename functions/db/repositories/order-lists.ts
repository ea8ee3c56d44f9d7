import type { Order } from '#functions/domain/order.ts'
import { createConversions } from 'electrodb'
import { InvalidCursorError } from '../cursor.ts'
import { filteredPage } from '../filtered-pages.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { toOrder, type OrderItem, type OrderListState, type Page } from './orders.ts'

export interface OrderListQuery {
  view: OrderListState
  sort: 'created' | 'updated'
  direction: 'asc' | 'desc'
  status?: string
  customerId?: string
  limit: number
  cursor: string | null
  /** Normalized search terms (domain/search.ts): an order matches when its search attribute contains any of them. */
  text?: string[]
  /** Items a filtered page may read before it answers (default: `limit`, one Query). */
  readBudget?: number
}

/**
 * The admin order lists (apart from the order repository, so the routes that only write orders do not
 * carry them): one index per sort and status (entities/order.ts gsi2, gsi4–gsi6), a customer's orders
 * through gsi1 and gsi7 filtered on the list (and status), and the text search as a filter on the stored
 * search attribute. Every page is one Query: of `limit` items without a filter, of at most `readBudget` with one.
 */
export interface OrderLists {
  pageOrders(q: OrderListQuery): Promise<Page<Order> & { read: number }>
}

export function createOrderLists({ table, client }: TableConfig): OrderLists {
  const { order } = createService({ table, client }).entities
  type Builder = ReturnType<typeof order.query.byListState>

  /** The access pattern (entities/order.ts) that serves the query's sort over a list, one status of it, or a customer's orders. */
  function pattern(q: OrderListQuery) {
    const updated = q.sort === 'updated'
    if (q.customerId) return updated ? 'byCustomerUpdated' : 'byCustomer'
    if (q.status) return updated ? 'byListStatusUpdated' : 'byListStatus'
    return updated ? 'byListStateUpdated' : 'byListState'
  }

  function index(q: OrderListQuery): Builder {
    const list = { listState: q.view }
    const one = { ...list, currentStatus: q.status ?? '' }
    const customer = { customerId: q.customerId ?? '' }
    // The builders differ only in their key types; what is chained on them (where, params, go) is the same.
    const builders = {
      byCustomer: () => order.query.byCustomer(customer),
      byCustomerUpdated: () => order.query.byCustomerUpdated(customer),
      byListStatus: () => order.query.byListStatus(one),
      byListStatusUpdated: () => order.query.byListStatusUpdated(one),
      byListState: () => order.query.byListState(list),
      byListStateUpdated: () => order.query.byListStateUpdated(list),
    }
    return builders[pattern(q)]() as unknown as Builder
  }

  /** The cursor of the page that follows item `i` on the query's index (filteredPage): its table key and that index's key. */
  const conversions = createConversions(order)
  // A stored order has every pattern's composite attributes; the six signatures differ only in which they name.
  const cursorAfter = (q: OrderListQuery) => (i: OrderItem) => conversions.byAccessPattern[pattern(q)].fromComposite.toCursor(i as never)

  return {
    async pageOrders(q) {
      const byCustomer = !!q.customerId
      const text = q.text?.filter(Boolean) ?? []
      const filtered = byCustomer || text.length > 0
      const query = () => {
        const base = index(q)
        if (!filtered) return base
        return base.where(({ listState, currentStatus, searchText }, { eq, contains }) =>
          [
            ...(byCustomer ? [eq(listState, q.view as OrderItem['listState']), ...(q.status ? [eq(currentStatus, q.status)] : [])] : []),
            ...(text.length ? [`(${text.map((t) => contains(searchText, t)).join(' OR ')})`] : []),
          ].join(' AND '),
        ) as unknown as Builder
      }
      if (q.cursor) checkCursor(q.cursor, query().params() as QueryParams)
      const page = await filteredPage(
        async (limit, cursor) => {
          const res = await query().go({ order: q.direction, limit, cursor })
          return { data: res.data, cursor: res.cursor ?? null }
        },
        { limit: q.limit, cursor: q.cursor, readBudget: filtered ? Math.max(q.limit, q.readBudget ?? q.limit) : q.limit, cursorAfter: cursorAfter(q) },
      )
      return { items: page.items.map((i) => toOrder(i)), cursor: page.cursor, read: page.read }
    },
  }
}

interface QueryParams {
  IndexName: string
  ExpressionAttributeNames: Record<string, string>
  ExpressionAttributeValues: Record<string, unknown>
}

/**
 * A cursor is the last key a page of this very query read (ElectroDB's base64url JSON): the table key
 * and the index key, in the query's partition, under its sort key prefix. Anything else (another
 * list's, status's or customer's, or made up) is refused before DynamoDB sees it.
 */
function checkCursor(cursor: string, params: QueryParams) {
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw new InvalidCursorError()
  }
  const pkField = params.ExpressionAttributeNames['#pk']
  const skField = params.ExpressionAttributeNames['#sk1']
  const pk = params.ExpressionAttributeValues[':pk']
  const skPrefix = params.ExpressionAttributeValues[':sk1']
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw new InvalidCursorError()
  const k = key as Record<string, unknown>
  const fields = Object.keys(k).sort().join(',')
  const ok =
    fields === ['pk', 'sk', pkField, skField].sort().join(',') &&
    typeof k.pk === 'string' &&
    typeof k.sk === 'string' &&
    k[pkField] === pk &&
    typeof k[skField] === 'string' &&
    typeof skPrefix === 'string' &&
    (k[skField] as string).startsWith(skPrefix)
  if (!ok) throw new InvalidCursorError()
}
