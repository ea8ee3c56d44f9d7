import type * as Api from '@gs/shared/api-types'
import { listPaymentsQuerySchema } from '@gs/shared/schemas/payments'
import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerPayments } from '#functions/use-cases/list-customer-payments.ts'
import { presentPayment } from './present-payment.ts'
import { ledgerRepository } from '#functions/compose.ts'

/** GET /api/payments?limit=&cursor=: the caller's payment history, newest first. */
export const handler = defineRoute({ query: listPaymentsQuerySchema }, async ({ caller, query }) => {
  const page = await listCustomerPayments({ payments: await ledgerRepository(), userId: caller.userId, limit: query.limit, cursor: query.cursor })
  const body: Api.Page<Api.Payment> = { items: page.items.map(presentPayment), cursor: page.cursor }
  return { body }
})
