import type * as Api from '@gs/shared/api-types'
import { bookToday } from '@gs/shared/book'
import { defineRoute } from '#functions/lib/http.ts'
import { createBookLines } from '#functions/db/repositories/book-writes.ts'
import { defaultTable } from '#functions/db/table.ts'
import { getBookLine } from '#functions/use-cases/list-book.ts'
import { presentBookEntry, presentBookLine } from './present.ts'

/** GET /api/admin/book/{orderId} → BookLineDetail: the firearm's line and every entry of it, oldest first. */
export const handler = defineRoute({}, async ({ params }) => {
  const { line, entries } = await getBookLine({ book: createBookLines(defaultTable()), orderId: params.orderId })
  const body: Api.BookLineDetail = { line: presentBookLine(line, bookToday()), entries: entries.map(presentBookEntry) }
  return { body }
})
