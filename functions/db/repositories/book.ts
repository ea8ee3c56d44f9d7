import type { BookEntry, BookLine } from '#functions/domain/book.ts'
import { TEXT_SEARCH_READ_BUDGET } from '#functions/domain/search.ts'
import { createConversions } from 'electrodb'
import { sortKey } from '../entities/book-line.ts'
import { filteredPage } from '../filtered-pages.ts'
import type { TableConfig } from '../table.ts'
import { bookEntities } from './book-writes.ts'

export interface BookPageQuery {
  /** Every line by date of receipt (or of disposition: `by`), or the lines in custody. */
  view: 'book' | 'inventory'
  order: 'asc' | 'desc'
  by: 'acquired' | 'disposed'
  from?: string
  to?: string
  /** Normalized text (domain/search.ts) a line's stored search attribute must contain. */
  text?: string
  limit: number
  cursor: string | null
}

export interface BookPage<T> {
  items: T[]
  cursor: string | null
}

/**
 * The A&D book's lists (one firearm's line and entries, and the book's writes: book-writes.ts). Every read
 * is one bounded Query: a page of lines through an index (the book by receipt or disposition date, the open
 * inventory), or a page of correction entries.
 */
export interface BookRepository {
  pageLines(q: BookPageQuery): Promise<BookPage<BookLine>>
  pageCorrections(q: Pick<BookPageQuery, 'limit' | 'cursor'>): Promise<BookPage<BookEntry>>
}

/** The day after YYYY-MM-DD: a range's end is inclusive of its day, the key's date prefix is compared below the next. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

export function createBookRepository({ table, client }: TableConfig): BookRepository {
  const { bookLine: lines, bookEntry: entries } = bookEntities({ table, client })
  const conversions = createConversions(lines)

  const toLine = (i: Record<string, unknown>) => ({ corrections: [], ...i }) as unknown as BookLine

  return {
    async pageLines(q) {
      const byDisposed = q.view === 'book' && q.by === 'disposed'
      const key = q.view === 'inventory' ? { openList: 'book' } : byDisposed ? { disposedList: 'book' } : { bookList: 'book' }
      const index = q.view === 'inventory' ? 'byOpen' : byDisposed ? 'byDisposed' : 'byBook'
      const dateAttr = q.view === 'inventory' ? 'openKey' : byDisposed ? 'disposedKey' : 'bookKey'
      const query = () => {
        const base = (lines.query as unknown as Record<string, (k: object) => QueryChain>)[index](key)
        if (q.from && q.to) return base.between({ [dateAttr]: q.from }, { [dateAttr]: nextDay(q.to) })
        if (q.from) return base.gte({ [dateAttr]: q.from })
        if (q.to) return base.lt({ [dateAttr]: nextDay(q.to) })
        return base
      }
      // The open inventory: the longest held first.
      const order = q.view === 'inventory' ? 'asc' : q.order
      if (!q.text) {
        const res = await query().go({ order, limit: q.limit, cursor: q.cursor })
        return { items: res.data.map(toLine), cursor: res.cursor ?? null }
      }
      const text = q.text
      const page = await filteredPage(
        async (limit, cursor) => {
          const res = await query()
            .where(({ searchText }: Record<string, unknown>, { contains }: { contains: (a: unknown, v: string) => string }) => contains(searchText, text))
            .go({ order, limit, cursor })
          return { data: res.data, cursor: res.cursor ?? null }
        },
        {
          limit: q.limit,
          cursor: q.cursor,
          readBudget: TEXT_SEARCH_READ_BUDGET,
          cursorAfter: (l) => {
            const line = l as unknown as { acquiredOn: string; disposedOn?: string; lineNumber: number }
            const keys = { orderId: (l as { orderId: string }).orderId, bookKey: sortKey(line.acquiredOn, line.lineNumber), openKey: sortKey(line.acquiredOn, line.lineNumber), disposedKey: sortKey(line.disposedOn, line.lineNumber) }
            return (conversions.byAccessPattern as unknown as Record<string, { fromComposite: { toCursor: (c: object) => string } }>)[index].fromComposite.toCursor({ ...keys, ...key })
          },
        },
      )
      return { items: page.items.map(toLine), cursor: page.cursor }
    },
    async pageCorrections(q) {
      const res = await entries.query.byCorrection({ correctionList: 'book' }).go({ order: 'desc', limit: q.limit, cursor: q.cursor })
      return { items: res.data as unknown as BookEntry[], cursor: res.cursor ?? null }
    },
  }
}

/** ElectroDB's query chain as this file uses it (the three indexes share their shape). */
interface QueryChain {
  between(a: object, b: object): QueryChain
  gte(a: object): QueryChain
  lt(a: object): QueryChain
  where(fn: (attrs: Record<string, unknown>, ops: { contains: (a: unknown, v: string) => string }) => string): QueryChain
  go(opts: { order: 'asc' | 'desc'; limit: number; cursor: string | null }): Promise<{ data: Record<string, unknown>[]; cursor: string | null }>
}
