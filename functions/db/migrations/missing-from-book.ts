import { missingFromBook } from '@gs/shared/book'
import { missingFromBookItems } from '../repositories/missing-from-book.ts'
import type { TableConfig } from '../table.ts'
import { decideEveryOrder } from './order-by-order.ts'

/**
 * Lists the orders stored before the list of firearms missing from the A&D book (no `missingFromBook`): an order
 * whose status says its firearm is in the shop or left it, with no intake, and not deleted, is listed (its list
 * item, the count); every other one is marked not listed. Nothing else of the order changes: no status, no entry
 * (staff record the intake from the list, with the real date). Once per order (decideEveryOrder).
 */
export async function listMissingFromBook(config: TableConfig): Promise<{ orders: number; listed: number }> {
  const { orders, counted } = await decideEveryOrder(config, {
    attribute: 'missingFromBook',
    what: 'Missing from the book',
    decide: (o) => {
      // What the order's status says, as stored before the list (nothing carried over: it was never listed).
      const missing = !o.isDeleted && missingFromBook({ currentStatus: o.currentStatus, intake: o.intake })
      return { value: missing, counts: missing, items: (entities) => missingFromBookItems(entities, [{ order: o, missing: { before: false, after: missing } }]) }
    },
  })
  return { orders, listed: counted }
}
