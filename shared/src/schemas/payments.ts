import { MAX_ORDERS_PER_PAYMENT, paymentMessages as m } from '../payment-messages.ts'
import { cursorParam, limitParam } from './paging.ts'
import * as z from './zod.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * POST /api/payments/intents. The client never sends a price: the server
 * charges the stored balances; `amountCents` (a partial payment) only with one order.
 * `confirmedBalanceCents` is the balance due the page showed when the customer pressed Pay
 * (a batch: the sum of its orders'); a bill that changed since is refused, never charged.
 */
export const createIntentSchema = z
  .strictObject({
    orderIds: z.pipe(
      z
        .array(z.string({ error: m.missingOrderId }).check(z.trim(), z.minLength(1, m.missingOrderId), z.regex(UUID, m.invalidOrderId)), { error: m.missingOrderId })
        .check(z.minLength(1, m.missingOrderId), z.maxLength(MAX_ORDERS_PER_PAYMENT, m.tooManyOrders)),
      z.transform((ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    ),
    amountCents: z.optional(
      z.number({ error: m.amountNotPositive }).check(
        z.int(m.amountNotWholeCents),
        z.refine((n) => n > 0, m.amountNotPositive),
      ),
    ),
    includeShipping: z._default(z.boolean({ error: m.includeShippingInvalid }), true),
    confirmedBalanceCents: z.optional(z.number({ error: m.confirmedBalanceInvalid }).check(z.int(m.confirmedBalanceInvalid), z.refine((n) => n >= 0, m.confirmedBalanceInvalid))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.amountCents !== undefined && v.orderIds.length > 1) {
        ctx.addIssue({ code: 'custom', path: ['amountCents'], message: m.partialOnlySingle })
      }
    }),
  )
export type CreateIntentInput = z.infer<typeof createIntentSchema>

/** POST /api/dev/payments/{paymentIntentId}/confirm (dev payments mode only). */
export const devConfirmSchema = z.strictObject({
  cardNumber: z.pipe(
    z.string({ error: m.cardNumberRequired }),
    z.transform((s: string) => s.replace(/[\s-]/g, '')),
  ).check(z.refine((s) => s.length > 0, m.cardNumberRequired)),
})
export type DevConfirmInput = z.infer<typeof devConfirmSchema>

/** GET /api/payments?limit=&cursor= */
export const listPaymentsQuerySchema = z.object({
  limit: limitParam(20, 100),
  cursor: cursorParam,
})
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>
