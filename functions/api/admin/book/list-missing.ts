import type * as Api from '@gs/shared/api-types'
import { missingFromBookQuerySchema } from '@gs/shared/schemas/book'
import { defineRoute } from '#functions/lib/http.ts'
import { listMissingFromBook } from '#functions/use-cases/list-missing-from-book.ts'
import { missingFromBookList, orderRepository } from '#functions/compose.ts'
import { presentMissingFirearm } from './present.ts'

/** GET /api/admin/book/missing?limit=&cursor= → MissingFromBookPage: the orders whose firearm is missing from the A&D book, and their count. */
export const handler = defineRoute({ query: missingFromBookQuerySchema }, async ({ query }) => {
  const [missing, orders] = await Promise.all([missingFromBookList(), orderRepository()])
  const page = await listMissingFromBook({ missing, orders, query })
  const body: Api.MissingFromBookPage = {
    count: page.count,
    items: page.items.map(presentMissingFirearm),
    cursor: page.cursor,
  }
  return { body }
})
