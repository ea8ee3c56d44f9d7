import { ORDERS_PAGE_SIZE, UPDATES_PAGE_SIZE, orderMessages } from '@gs/shared/order-messages'
import { isCursorError } from '../db/cursor.ts'
import type { OrderHistoryRepository } from '../db/repositories/order-history.ts'
import type { OrderRepository, Page } from '../db/repositories/orders.ts'
import type { Order, StatusUpdate } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'
import { getCustomerOrder, loadOwnedOrder, type OwnedOrderQuery } from './get-customer-order.ts'

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

/** A page of the caller's orders, newest first, deleted ones left out: one bounded index Query. */
export async function listCustomerOrders({ orders, userId, limit = ORDERS_PAGE_SIZE, cursor }: PageQuery & { orders: Pick<OrderHistoryRepository, 'pageOrdersForCustomer'>; userId: string }): Promise<Page<Order>> {
  const page = await readPage(cursor, () => orders.pageOrdersForCustomer(userId, { limit, cursor: cursor || null }))
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
  return readPage(cursor, () => history.listOrderUpdates(orderId, { limit, cursor }))
}
