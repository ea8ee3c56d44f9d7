import type * as Api from '@gs/shared/api-types'
import { bookToday } from '@gs/shared/book'
import { defineRoute } from '#functions/lib/http.ts'
import { getBookLine } from '#functions/use-cases/list-book.ts'
import { presentBookEntry, presentBookLine } from './present.ts'
import { bookLines } from '#functions/compose.ts'

/** GET /api/admin/book/{orderId} → BookLineDetail: the firearm's line and every entry of it, oldest first. */
export const handler = defineRoute({}, async ({ params }) => {
  const { line, entries } = await getBookLine({ book: await bookLines(), orderId: params.orderId })
  const body: Api.BookLineDetail = { line: presentBookLine(line, bookToday()), entries: entries.map(presentBookEntry) }
  return { body }
})
