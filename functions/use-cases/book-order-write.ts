import { bookMessages } from '@gs/shared/book'
import { orderMessages } from '@gs/shared/order-messages'
import { commitChange, ItemConditionFailed, VersionConflict, type OrderRepository, type OrderWriteExtras } from '../db/repositories/orders.ts'
import type { BookLines } from '../db/repositories/book-writes.ts'
import type { BookEntry, BookLine } from '../domain/book.ts'
import type { Order } from '../domain/order.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'
import { retryOnConflict } from '../lib/retry.ts'
import { saved } from '../domain/order-commit.ts'

export interface BookDeps {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  book: Pick<BookLines, 'getLine' | 'lastLineNumber' | 'writeItems'>
}

/**
 * Writes an order change and its A&D book change in ONE transaction (OrderRepository.commit with the book's
 * items): the order over the version the admin loaded (else 409), the entries created, the line created or
 * rewritten over the version read (`created`: the order is new, created in the same transaction). A refused
 * transaction writes nothing, in the book either.
 * `expected: 'create'` takes the book's next entry number: when another intake took it first, `build` runs
 * again on the next one. Intakes at the same moment contend for that number, one of them taking it per round:
 * each round is an attempt of the one retry policy (lib/retry.ts; a 409 when the attempts run out).
 */
export async function commitWithBook(
  { orders, book }: BookDeps,
  before: Order,
  build: (lineNumber: number) => { order: Order; entries: BookEntry[]; line: BookLine; expectedLine: 'create' | number; extras: OrderWriteExtras },
  { newLine = false, created = false }: { newLine?: boolean; created?: boolean } = {},
): Promise<Order> {
  return retryOnConflict(
    async () => {
      // A new line takes the book's next entry number; a change of a line keeps its own.
      const lineNumber = newLine ? (await book.lastLineNumber()) + 1 : 0
      const { order, entries, line, expectedLine, extras } = build(lineNumber)
      try {
        const [written] = await commitChange(orders, {
          // A created order (the import of a firearm already in the shop) is version 1 and must not exist yet.
          orders: [created ? { order: { ...order, version: 1 }, expected: 'create' } : { order: saved(order, before.version, order.updatedAt), expected: before.version }],
          ...extras,
          items: () => book.writeItems({ entries, line, expected: expectedLine }),
        })
        return written
      } catch (err) {
        // The version the admin loaded moved: theirs to reload, never retried.
        if (err instanceof VersionConflict) throw new ConflictError(orderMessages.staleOrder)
        if (!(err instanceof ItemConditionFailed)) throw err
        // The line: created by another intake of this order, or rewritten since it was read.
        const stored = await book.getLine(before.orderId, { consistent: true })
        if (expectedLine === 'create' && stored) throw new ValidationError(bookMessages.alreadyReceived)
        if (expectedLine !== 'create') throw new ConflictError(orderMessages.staleOrder)
        // The entry number was taken by another intake at the same moment: the next attempt takes the next one.
        throw err
      }
    },
    { exhausted: () => new ConflictError(orderMessages.staleOrder) },
  )
}
