import * as z from 'zod'
import { MAX_ORDERS_PER_PAYMENT, paymentMessages as m } from '../payment-messages.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * POST /api/payments/intents. The client never sends a price: the server
 * charges the stored balances; `amountCents` (a partial payment) only with one order.
 */
export const createIntentSchema = z
  .strictObject({
    orderIds: z
      .array(z.string({ error: m.missingOrderId }).trim().min(1, m.missingOrderId).regex(UUID, m.invalidOrderId), { error: m.missingOrderId })
      .min(1, m.missingOrderId)
      .max(MAX_ORDERS_PER_PAYMENT, m.tooManyOrders)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    amountCents: z
      .number({ error: m.amountNotPositive })
      .int(m.amountNotWholeCents)
      .refine((n) => n > 0, m.amountNotPositive)
      .optional(),
    includeShipping: z.boolean({ error: m.includeShippingInvalid }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.amountCents !== undefined && v.orderIds.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: m.partialOnlySingle })
    }
  })
export type CreateIntentInput = z.infer<typeof createIntentSchema>

/** POST /api/dev/payments/{paymentIntentId}/confirm (dev payments mode only). */
export const devConfirmSchema = z.strictObject({
  cardNumber: z
    .string({ error: m.cardNumberRequired })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine((s) => s.length > 0, m.cardNumberRequired),
})
export type DevConfirmInput = z.infer<typeof devConfirmSchema>

/** GET /api/payments?limit=&cursor= */
export const listPaymentsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be between 1 and 100' }).int('limit must be between 1 and 100').min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(20),
  cursor: z.string().max(2000).optional(),
})
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>
