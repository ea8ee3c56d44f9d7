import { ADJUSTMENT_KINDS, REFUND_METHODS, REFUND_PURPOSES, SHOP_PAYMENT_METHODS, ledgerMessages as lm } from '../payment-rules.ts'
import * as z from './zod.ts'

/** The staff ledger routes' bodies (apart from the payments page's query, so those routes load only these). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The client makes one per attempt and sends it again on a retry: the entry is recorded once. */
const requestId = z.string({ error: lm.requestIdInvalid }).check(z.regex(UUID, lm.requestIdInvalid))
const amount = z.number({ error: lm.amountInvalid }).check(z.int(lm.amountInvalid), z.gte(1, lm.amountInvalid), z.lte(100_000_000, lm.amountInvalid))
const reason = z.string({ error: lm.reasonRequired }).check(z.trim(), z.minLength(1, lm.reasonRequired), z.maxLength(500, 'Reason must be at most 500 characters'))

/** POST /api/admin/orders/{orderId}/payments: money taken in the shop. */
export const shopPaymentSchema = z.strictObject({
  requestId,
  method: z.enum(SHOP_PAYMENT_METHODS, { error: lm.methodInvalid }),
  amountCents: amount,
  /** A check number, a terminal receipt number. */
  reference: z.optional(z.string({ error: lm.referenceTooLong }).check(z.trim(), z.maxLength(100, lm.referenceTooLong))),
})
export type ShopPaymentInput = z.infer<typeof shopPaymentSchema>

/** POST /api/admin/orders/{orderId}/adjustments: a discount or write-off, with its reason. */
export const adjustmentSchema = z.strictObject({ requestId, kind: z.enum(ADJUSTMENT_KINDS, { error: lm.kindInvalid }), amountCents: amount, reason })
export type AdjustmentInput = z.infer<typeof adjustmentSchema>

/**
 * POST /api/admin/orders/{orderId}/payments/{paymentId}/refunds: part or all of a payment or credit, and what it is
 * (a price reduction lowers the bill with it; a return leaves the bill as it is).
 */
export const refundSchema = z.strictObject({
  requestId,
  method: z.enum(REFUND_METHODS, { error: lm.refundMethodInvalid }),
  amountCents: amount,
  reason,
  purpose: z.enum(REFUND_PURPOSES, { error: lm.refundPurposeInvalid }),
})
export type RefundInput = z.infer<typeof refundSchema>

/** POST /api/admin/orders/{orderId}/payments/{paymentId}/price-reduction: a refund made at the card provider was a price reduction. */
export const markPriceReductionSchema = z.strictObject({ reason })
export type MarkPriceReductionInput = z.infer<typeof markPriceReductionSchema>
