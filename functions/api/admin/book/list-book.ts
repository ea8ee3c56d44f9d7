import type * as Api from '@gs/shared/api-types'
import { bookToday } from '@gs/shared/book'
import { bookQuerySchema } from '@gs/shared/schemas/book'
import { defineRoute } from '#functions/lib/http.ts'
import { listBook } from '#functions/use-cases/list-book.ts'
import { presentBookLine } from './present.ts'
import { bookRepository } from '#functions/compose.ts'

/** GET /api/admin/book?view=book|inventory&order=&by=&from=&to=&search=&limit=&cursor= → Page<BookLine>. */
export const handler = defineRoute({ query: bookQuerySchema }, async ({ query }) => {
  const page = await listBook({ book: await bookRepository(), query })
  const today = bookToday()
  const body: Api.Page<Api.BookLine> = { items: page.items.map((l) => presentBookLine(l, today)), cursor: page.cursor }
  return { body }
})
