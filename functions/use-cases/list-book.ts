import type { BookCorrectionsQuery, BookQuery } from '@gs/shared/schemas/book'
import { INVALID_CURSOR } from '@gs/shared/schemas/paging'
import { isCursorError } from '../db/cursor.ts'
import type { BookPage, BookRepository } from '../db/repositories/book.ts'
import type { BookLines } from '../db/repositories/book-writes.ts'
import type { BookEntry, BookLine } from '../domain/book.ts'
import { normalizeText } from '../domain/search.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'
import { bookMessages } from '@gs/shared/book'

const invalidCursor = () => new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR })

/** Cursors name the list they belong to (`<view>.<ElectroDB's>`): one of another list is refused, never misread. */
const listOf = (q: Pick<BookQuery, 'view' | 'by' | 'order' | 'search' | 'from' | 'to'>) => `${q.view === 'inventory' ? 'i' : q.by === 'disposed' ? 'd' : 'b'}${q.order === 'asc' ? 'a' : 'z'}`

function unwrap(list: string, cursor: string | undefined): string | null {
  if (!cursor) return null
  if (!cursor.startsWith(`${list}.`) || cursor.length <= list.length + 1) throw invalidCursor()
  return cursor.slice(list.length + 1)
}

async function paged<T>(list: string, cursor: string | undefined, read: (c: string | null) => Promise<BookPage<T>>): Promise<BookPage<T>> {
  const inner = unwrap(list, cursor)
  try {
    const page = await read(inner)
    return { items: page.items, cursor: page.cursor ? `${list}.${page.cursor}` : null }
  } catch (err) {
    if (inner && isCursorError(err)) throw invalidCursor()
    throw err
  }
}

/** A page of the A&D book's lines (the book by date, or the firearms in custody): one bounded Query (book.ts). */
export function listBook({ book, query }: { book: Pick<BookRepository, 'pageLines'>; query: BookQuery }): Promise<BookPage<BookLine>> {
  if (query.from && query.to && query.from > query.to) throw new ValidationError('from must not be after to', { from: 'from must not be after to' })
  const text = normalizeText(query.search)
  return paged(listOf(query), query.cursor, (cursor) =>
    book.pageLines({ view: query.view, order: query.order, by: query.by, from: query.from, to: query.to, text: text || undefined, limit: query.limit, cursor }),
  )
}

/** A page of the book's correction entries, newest first. */
export function listBookCorrections({ book, query }: { book: Pick<BookRepository, 'pageCorrections'>; query: BookCorrectionsQuery }): Promise<BookPage<BookEntry>> {
  return paged('c', query.cursor, (cursor) => book.pageCorrections({ limit: query.limit, cursor }))
}

/** One line with all of its entries (a 404 when the order's firearm was never received): one Query. */
export async function getBookLine({ book, orderId }: { book: Pick<BookLines, 'lineWithEntries'>; orderId: string }): Promise<{ line: BookLine; entries: BookEntry[] }> {
  const { line, entries } = await book.lineWithEntries(orderId)
  if (!line) throw new NotFoundError(bookMessages.lineNotFound)
  return { line, entries }
}
