import { UPDATES_PAGE_SIZE, orderMessages } from '@gs/shared/order-messages'
import type { OrderHistoryRepository } from '../db/repositories/order-history.ts'
import type { OrderRepository, Page } from '../db/repositories/orders.ts'
import type { OrderDetail, StatusUpdate } from '../domain/order.ts'
import { NotFoundError } from '../lib/errors.ts'
import { DETAIL_VIEW } from './get-customer-order.ts'
import { readPage, type PageQuery } from './list-customer-orders.ts'

/** Any customer's order with the newest page of its updates and its ledger entries (bounded, as the customer's). Deleted orders are gone. */
export async function getAdminOrder({ orders, orderId }: { orders: Pick<OrderRepository, 'getOrderDetail'>; orderId: string }): Promise<OrderDetail> {
  const detail = orderId ? await orders.getOrderDetail(orderId, DETAIL_VIEW) : null
  if (!detail || detail.order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
  return detail
}

/**
 * A page of any order's status history, newest first (the order editor's "Load older"): the first page with the
 * order (one Query for a short history); an older one after checking the order is there, then one bounded Query.
 */
export async function listAdminOrderUpdates({
  orders,
  history,
  orderId,
  limit = UPDATES_PAGE_SIZE,
  cursor,
}: PageQuery & { orders: Pick<OrderRepository, 'getOrder' | 'getOrderDetail'>; history: Pick<OrderHistoryRepository, 'listOrderUpdates'>; orderId: string }): Promise<Page<StatusUpdate>> {
  if (!cursor) {
    const detail = orderId ? await orders.getOrderDetail(orderId, { updates: limit, ledger: 0 }) : null
    if (!detail || detail.order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
    return { items: detail.updates, cursor: detail.updatesCursor ?? null }
  }
  const order = orderId ? await orders.getOrder(orderId) : null
  if (!order || order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
  return readPage(cursor, () => history.listOrderUpdates(orderId, { limit, cursor }))
}
