import { bookMessages } from '@gs/shared/book'
import { orderMessages } from '@gs/shared/order-messages'
import { ItemConditionFailed, VersionConflict, type OrderRepository, type OrderWriteExtras } from '../db/repositories/orders.ts'
import type { BookLines } from '../db/repositories/book-writes.ts'
import type { BookEntry, BookLine } from '../domain/book.ts'
import type { Order } from '../domain/order.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'

export interface BookDeps {
  orders: Pick<OrderRepository, 'getOrder' | 'commit'>
  book: Pick<BookLines, 'getLine' | 'lastLineNumber' | 'writeItems'>
}

/**
 * Writes an order change and its A&D book change in ONE transaction (OrderRepository.commit with the book's
 * items): the order over the version the admin loaded (else 409), the entries created, the line created or
 * rewritten over the version read. A refused transaction writes nothing, in the book either.
 * `expected: 'create'` takes the book's next entry number: when another intake took it first, `build` runs
 * again on the next one.
 */
export async function commitWithBook(
  { orders, book }: BookDeps,
  before: Order,
  build: (lineNumber: number) => { order: Order; entries: BookEntry[]; line: BookLine; expectedLine: 'create' | number; extras: OrderWriteExtras },
  { newLine = false }: { newLine?: boolean } = {},
): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    // A new line takes the book's next entry number; a change of a line keeps its own.
    const lineNumber = newLine ? (await book.lastLineNumber()) + 1 : 0
    const { order, entries, line, expectedLine, extras } = build(lineNumber)
    const at = order.updatedAt
    try {
      const [written] = await orders.commit({
        orders: [{ order: { ...order, version: before.version + 1, updatedAt: at, invoiceLastUpdated: at }, expected: before.version }],
        ...extras,
        items: () => book.writeItems({ entries, line, expected: expectedLine }),
      })
      return written
    } catch (err) {
      if (err instanceof VersionConflict) throw new ConflictError(orderMessages.staleOrder)
      if (!(err instanceof ItemConditionFailed)) throw err
      // The line: created by another intake of this order, or rewritten since it was read.
      const stored = await book.getLine(before.orderId, { consistent: true })
      if (expectedLine === 'create' && stored) throw new ValidationError(bookMessages.alreadyReceived)
      if (expectedLine !== 'create') throw new ConflictError(orderMessages.staleOrder)
      // The entry number was taken by another intake at the same moment: take the next one.
      if (attempt >= 4) throw new ConflictError(orderMessages.staleOrder)
    }
  }
}
