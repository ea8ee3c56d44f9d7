import type * as Api from '@gs/shared/api-types'
import { bookCorrectionsQuerySchema } from '@gs/shared/schemas/book'
import { defineRoute } from '#functions/lib/http.ts'
import { createBookRepository } from '#functions/db/repositories/book.ts'
import { defaultTable } from '#functions/db/table.ts'
import { listBookCorrections } from '#functions/use-cases/list-book.ts'
import { presentBookEntry } from './present.ts'

/** GET /api/admin/book/corrections?limit=&cursor= → Page<BookEntry>: the correction entries, newest first. */
export const handler = defineRoute({ query: bookCorrectionsQuerySchema }, async ({ query }) => {
  const page = await listBookCorrections({ book: createBookRepository(defaultTable()), query })
  const body: Api.Page<Api.BookEntry> = { items: page.items.map(presentBookEntry), cursor: page.cursor }
  return { body }
})
