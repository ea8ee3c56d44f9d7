import type { ReceivablesPage } from '@gs/shared/api-types'
import { receivablesQuerySchema } from '@gs/shared/schemas/receivables'
import { defineRoute } from '#functions/lib/http.ts'
import { listReceivables } from '#functions/use-cases/list-receivables.ts'
import { receivablesRepository } from '#functions/compose.ts'

/**
 * GET /api/admin/receivables?bucket=0-30|31-60|61-90|over-90&direction=asc|desc&cursor= → the totals (all receivables
 * and each aging bucket) and one page of 25 orders with a balance due, oldest invoice first, with the next cursor.
 */
export const handler = defineRoute({ query: receivablesQuerySchema }, async ({ query }) => {
  const body: ReceivablesPage = await listReceivables({ receivables: await receivablesRepository(), query })
  return { body }
})
