import type { OrderListState, OrderRepository, Page } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'

interface ListAdminOrders {
  orders: Pick<OrderRepository, 'listOrdersByState'>
  view: OrderListState
  limit: number
  cursor?: string
}

/** Active or archived orders, newest first, from the list-state index (never a Scan); deleted ones are in neither. */
export async function listAdminOrders({ orders, view, limit, cursor }: ListAdminOrders): Promise<Page<Order>> {
  try {
    return await orders.listOrdersByState(view, { limit, cursor: cursor || null })
  } catch (err) {
    // A cursor the index cannot use (tampered with, or from another view) is bad input, not a server error.
    if (cursor && isCursorError(err)) throw new ValidationError('Invalid cursor', { cursor: 'Invalid cursor' })
    throw err
  }
}

const isCursorError = (err: unknown) => err instanceof Error && /cursor|ExclusiveStartKey|starting key|ValidationException/i.test(`${err.name} ${err.message}`)
