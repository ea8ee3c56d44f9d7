import { ORDERS_PAGE_SIZE, UPDATES_PAGE_SIZE, orderMessages } from '@gs/shared/order-messages'
import { isCursorError } from '../db/cursor.ts'
import type { CustomerOrderSearch, OrderHistoryRepository } from '../db/repositories/order-history.ts'
import type { OrderRepository, Page } from '../db/repositories/orders.ts'
import { normalizeOrderNumber, type Order, type StatusUpdate } from '../domain/order.ts'
import { normalizeText, serialKeyOf, TEXT_SEARCH_READ_BUDGET } from '../domain/search.ts'
import { ValidationError } from '../lib/errors.ts'
import { customerVisible, getCustomerOrder, loadOwnedOrder, type OwnedOrderQuery } from './get-customer-order.ts'

export interface PageQuery {
  limit?: number
  /** The previous page's cursor, as the server gave it. */
  cursor?: string | null
}

/** Reads a page; a cursor the list refuses (tampered with, another order's or customer's) is bad input, not a server error. */
export async function readPage<T>(cursor: string | null | undefined, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (err) {
    if (cursor && isCursorError(err)) throw new ValidationError(orderMessages.invalidCursor, { cursor: orderMessages.invalidCursor })
    throw err
  }
}

/**
 * What a customer's search matches: the text as typed (normalized), an order number however it is typed
 * (GS-000123, gs123, 123: domain/order.ts), and the serial as its key. Matched against the order's stored search
 * text (its firearm, serial and order number among others) within the customer's own orders only.
 */
export function customerOrderSearch(search: string): CustomerOrderSearch | undefined {
  const text = normalizeText(search)
  if (!text) return undefined
  const orderNumber = normalizeOrderNumber(search)
  return {
    text: [...new Set([text, orderNumber ? normalizeText(orderNumber) : ''])].filter(Boolean),
    serial: serialKeyOf(search),
    readBudget: TEXT_SEARCH_READ_BUDGET,
  }
}

/**
 * A page of the caller's orders, newest first, deleted ones left out: one bounded index Query. With a search, the
 * same Query of the caller's index filtered on it, reading at most TEXT_SEARCH_READ_BUDGET orders (a page may come
 * back short, even empty, with a cursor to go on).
 */
export async function listCustomerOrders({
  orders,
  userId,
  limit = ORDERS_PAGE_SIZE,
  cursor,
  search = '',
}: PageQuery & { orders: Pick<OrderHistoryRepository, 'pageOrdersForCustomer'>; userId: string; search?: string }): Promise<Page<Order>> {
  const matching = customerOrderSearch(search)
  const page = await readPage(cursor, () => orders.pageOrdersForCustomer(userId, { limit, cursor: cursor || null, search: matching }))
  return { items: page.items.filter((o) => !o.isDeleted && o.customerId === userId), cursor: page.cursor }
}

/**
 * A page of the status history and notes of the caller's order, newest first. The first page comes
 * with the order itself (one Query for a short history); an older one costs the ownership check and one
 * bounded Query of the updates after the cursor.
 */
export async function listCustomerOrderUpdates({
  orders,
  history,
  orderId,
  userId,
  limit = UPDATES_PAGE_SIZE,
  cursor,
}: OwnedOrderQuery & PageQuery & { orders: Pick<OrderRepository, 'getOrder' | 'getOrderDetail'>; history: Pick<OrderHistoryRepository, 'listOrderUpdates'> }): Promise<Page<StatusUpdate>> {
  if (!cursor) {
    const detail = await getCustomerOrder({ orders, orderId, userId, view: { updates: limit, ledger: 0 } })
    return { items: detail.updates, cursor: detail.updatesCursor ?? null }
  }
  await loadOwnedOrder({ orders, orderId, userId })
  const page = await readPage(cursor, () => history.listOrderUpdates(orderId, { limit, cursor }))
  return { ...page, items: customerVisible(page.items) }
}
