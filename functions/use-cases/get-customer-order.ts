import { DETAIL_LEDGER_LIMIT, orderMessages } from '@gs/shared/order-messages'
import type { DetailOptions, OrderRepository } from '../db/repositories/orders.ts'
import type { Order, OrderDetail } from '../domain/order.ts'
import { NotFoundError } from '../lib/errors.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface OwnedOrderQuery {
  orderId: string
  userId: string
}

/** What an order's page shows: the newest page of its history and at most DETAIL_LEDGER_LIMIT ledger entries (the response stays small). */
export const DETAIL_VIEW: DetailOptions = { ledger: DETAIL_LEDGER_LIMIT }

/**
 * The one ownership rule of the customer routes: the caller's own, undeleted order.
 * Anything else (a malformed id, someone else's order, admins included) is the same
 * 404 with no data, so an order's existence is never revealed.
 */
export function assertOwned<T extends Order>(order: T | null | undefined, userId: string): T {
  if (!order || order.isDeleted || order.customerId !== userId) throw new NotFoundError(orderMessages.orderNotFound)
  return order
}

export async function loadOwnedOrder({ orders, orderId, userId }: OwnedOrderQuery & { orders: Pick<OrderRepository, 'getOrder'> }): Promise<Order> {
  if (!UUID.test(orderId)) throw new NotFoundError(orderMessages.orderNotFound)
  return assertOwned(await orders.getOrder(orderId), userId)
}

/** What the customer may read of an order's history: everything but what is for staff only (internal notes, override reasons). */
export const customerVisible = <T extends { internal?: boolean }>(updates: T[]): T[] => updates.filter((u) => u.internal !== true)

/**
 * The order with the newest page of its updates and its ledger entries (bounded: `view`), when it is the
 * caller's. A short history is one Query of the order's partition.
 */
export async function getCustomerOrder({ orders, orderId, userId, view = DETAIL_VIEW }: OwnedOrderQuery & { orders: Pick<OrderRepository, 'getOrderDetail'>; view?: DetailOptions }): Promise<OrderDetail> {
  if (!UUID.test(orderId)) throw new NotFoundError(orderMessages.orderNotFound)
  const detail = await orders.getOrderDetail(orderId, view)
  assertOwned(detail?.order, userId)
  // Internal entries are left out after the bounded read: a page may come back shorter, its cursor unchanged.
  return { ...(detail as OrderDetail), updates: customerVisible(detail!.updates) }
}
