import type { BookEntry, BookLine } from '#functions/domain/book.ts'
import { bookEntryEntity } from '../entities/book-entry.ts'
import { bookLineEntity } from '../entities/book-line.ts'
import { counterEntity } from '../entities/counter.ts'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { createConversions } from 'electrodb'
import type { TableConfig } from '../table.ts'

/** The counter of the book's entry numbers (counter entity): the last number given out. */
export const BOOK_LINE_COUNTER = 'bookLine'

/**
 * The book's entities (each built once per client and table by its factory, entities/cache.ts). Not in the service
 * (functions/db/service.ts): only the book's routes load them, so no other route's cold start carries their models.
 * An order transaction takes their items all the same (ElectroDB builds each item's params from its own entity).
 */
export const bookEntities = (config: TableConfig) => ({ bookEntry: bookEntryEntity(config), bookLine: bookLineEntity(config), counter: counterEntity(config) })

/** An operation as a transaction item (ElectroDB types `commit` on a transaction's own entities only; every chain has it). */
const commit = (op: unknown) => (op as { commit(): unknown }).commit()

/**
 * The transaction items of an A&D book change, for an order commit's `items` (OrderRepository.commit), so the
 * book and the order change together or not at all: the new entries (create: an entry is written once and never
 * again), the line (created, or rewritten over the version read), and with a new line its number taken from the
 * counter (conditioned on the number read, so two intakes at once never share one and none is skipped).
 */
export function bookWrites(config: TableConfig, { entries, line, expected }: { entries: readonly BookEntry[]; line: BookLine; expected: 'create' | number }): unknown[] {
  const { bookEntry, bookLine, counter } = bookEntities(config)
  return [
    ...entries.map((e) => commit(bookEntry.create(e))),
    commit(expected === 'create' ? bookLine.create(line) : bookLine.put(line).where(({ version }, { eq }) => eq(version, expected))),
    ...(expected === 'create'
      ? [
          commit(
            counter
              .update({ name: BOOK_LINE_COUNTER })
              .set({ value: line.lineNumber })
              .where(({ value }, { eq, notExists }) => (line.lineNumber === 1 ? notExists(value) : eq(value, line.lineNumber - 1))),
          ),
        ]
      : []),
  ]
}

/** One firearm's line and entries, as the book's writes need them (the book's lists: book.ts). */
export interface BookLines {
  getLine(orderId: string, opts?: { consistent?: boolean }): Promise<BookLine | null>
  /** The line and every entry of it, oldest first: ONE Query of the order's partition (the book's keys sort together there). */
  lineWithEntries(orderId: string): Promise<{ line: BookLine | null; entries: BookEntry[] }>
  /** The last entry number given out (0: none yet). */
  lastLineNumber(): Promise<number>
  /** The transaction items of a book change (bookWrites), for an order commit. */
  writeItems(change: Parameters<typeof bookWrites>[1]): unknown[]
}

export function createBookLines(config: TableConfig): BookLines {
  const { bookLine, bookEntry, counter } = bookEntities(config)
  return {
    writeItems: (change) => bookWrites(config, change),
    async getLine(orderId, { consistent = false } = {}) {
      const { data } = await bookLine.get({ orderId }).go({ consistent })
      return data ? ({ corrections: [], ...data } as unknown as BookLine) : null
    },
    async lineWithEntries(orderId) {
      // Keys `$bookentry_1#entryid_…` and `$bookline_1` in the order's partition: at most the acquisition, the
      // disposition and MAX_CORRECTIONS_PER_LINE corrections, and the line.
      const { pk } = createConversions(bookLine).fromComposite.toKeys({ orderId }) as { pk: string }
      const { Items = [] } = await config.client.send(
        new QueryCommand({
          TableName: config.table,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
          ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
          ExpressionAttributeValues: { ':pk': pk, ':sk': '$book' },
          Limit: 100,
        }),
      )
      const parse = <T>(entity: { parse: (r: { Items: unknown[] }) => unknown }, name: string) =>
        (entity.parse({ Items: Items.filter((i) => i.__edb_e__ === name) }) as { data: T[] }).data
      const [line] = parse<BookLine>(bookLine as never, 'bookLine')
      return { line: line ? { ...line, corrections: line.corrections ?? [] } : null, entries: parse<BookEntry>(bookEntry as never, 'bookEntry') }
    },
    async lastLineNumber() {
      const { data } = await counter.get({ name: BOOK_LINE_COUNTER }).go({ consistent: true })
      return data?.value ?? 0
    },
  }
}
