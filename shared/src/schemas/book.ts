import { calendarDate } from './dates.ts'
import { cursorParam, limitParam, searchParam } from './paging.ts'
import * as z from './zod.ts'

export const BOOK_VIEWS = ['book', 'inventory'] as const
export type BookView = (typeof BOOK_VIEWS)[number]
export const BOOK_PAGE_SIZE = 50
export const BOOK_MAX_PAGE_SIZE = 200

/**
 * GET /api/admin/book: `view=book` every line by date of receipt (`order=asc` the book's own order, `desc` newest
 * first; `from`/`to` a range of receipt dates, or of disposition dates with `by=disposed`), `view=inventory` the
 * firearms in custody now, the longest held first. `search` matches serial, manufacturer, importer, model, a
 * name or the order number.
 */
export const bookQuerySchema = z.object({
  view: z._default(z.enum(BOOK_VIEWS, { error: 'view must be book or inventory' }), 'book'),
  order: z._default(z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }), 'desc'),
  by: z._default(z.enum(['acquired', 'disposed'], { error: 'by must be acquired or disposed' }), 'acquired'),
  from: z.optional(calendarDate),
  to: z.optional(calendarDate),
  search: searchParam,
  limit: limitParam(BOOK_PAGE_SIZE, BOOK_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type BookQuery = z.infer<typeof bookQuerySchema>

/** GET /api/admin/book/corrections: the correction entries, newest first. */
export const bookCorrectionsQuerySchema = z.object({
  limit: limitParam(BOOK_PAGE_SIZE, BOOK_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type BookCorrectionsQuery = z.infer<typeof bookCorrectionsQuerySchema>

/** The page size of the list of firearms missing from the A&D book (GET /api/admin/book/missing). */
export const MISSING_PAGE_SIZE = 25
export const MISSING_MAX_PAGE_SIZE = 100

/** GET /api/admin/book/missing: the orders whose firearm came in without its acquisition entry, the oldest order first, and their count. */
export const missingFromBookQuerySchema = z.object({
  limit: limitParam(MISSING_PAGE_SIZE, MISSING_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type MissingFromBookQuery = z.infer<typeof missingFromBookQuerySchema>
