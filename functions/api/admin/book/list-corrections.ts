import type * as Api from '@gs/shared/api-types'
import { bookCorrectionsQuerySchema } from '@gs/shared/schemas/book'
import { defineRoute } from '#functions/lib/http.ts'
import { listBookCorrections } from '#functions/use-cases/list-book.ts'
import { presentBookEntry } from './present.ts'
import { bookRepository } from '#functions/compose.ts'

/** GET /api/admin/book/corrections?limit=&cursor= → Page<BookEntry>: the correction entries, newest first. */
export const handler = defineRoute({ query: bookCorrectionsQuerySchema }, async ({ query }) => {
  const page = await listBookCorrections({ book: await bookRepository(), query })
  const body: Api.Page<Api.BookEntry> = { items: page.items.map(presentBookEntry), cursor: page.cursor }
  return { body }
})
