import { ADMIN_PAYMENT_SORTS, ADMIN_PAYMENT_STATUSES, SORT_DIRECTIONS, invoiceMessages as im } from '../payment-messages.ts'
import { ADJUSTMENT_KINDS, REFUND_METHODS, SHOP_PAYMENT_METHODS, ledgerMessages as lm } from '../payment-rules.ts'
import * as z from './zod.ts'

const PAGE_INVALID = 'page must be a positive whole number'
type PaymentStatus = (typeof ADMIN_PAYMENT_STATUSES)[number]

/** GET /api/admin/payments?search=&status=&sort=date|customer|amount&direction=asc|desc&page= (blank status = all). */
export const adminPaymentsQuerySchema = z.object({
  search: z.pipe(
    z.optional(z.string().check(z.maxLength(200, 'search must be at most 200 characters'))),
    z.transform((s: string | undefined) => s?.trim() ?? ''),
  ),
  status: z.pipe(
    z.optional(z.enum(['', 'all', ...ADMIN_PAYMENT_STATUSES], { error: 'status must be successful, pending or failed' })),
    z.transform((s: '' | 'all' | PaymentStatus | undefined) => (!s || s === 'all' ? undefined : s)),
  ),
  sort: z._default(z.enum(ADMIN_PAYMENT_SORTS, { error: 'sort must be date, customer or amount' }), 'date'),
  direction: z._default(z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }), 'desc'),
  page: z._default(z.coerce.number({ error: PAGE_INVALID }).check(z.int(PAGE_INVALID), z.gte(1, PAGE_INVALID)), 1),
})
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>
/** The payments page's filters as the SPA keeps and sends them ('' is All Statuses). */
export type AdminPaymentsFilters = Omit<AdminPaymentsQuery, 'status'> & { status: '' | PaymentStatus }

const orderId = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(100, message))

/** GET /api/admin/invoices?orderId= */
export const invoiceLookupQuerySchema = z.object({ orderId: orderId(im.orderIdRequired) })

/** POST /api/admin/invoices/refresh { orderId } */
export const invoiceRefreshSchema = z.strictObject({ orderId: orderId(im.orderIdRequired) })
export type InvoiceRefreshInput = z.infer<typeof invoiceRefreshSchema>

/**
 * POST /api/admin/invoices/{invoiceId}/fix: `{ orderId, preview: true }` shows before → after and
 * changes nothing; `{ orderId, version }` applies it, only to the version that was previewed.
 */
export const invoiceFixSchema = z
  .strictObject({
    orderId: orderId(im.bothIdsRequired),
    preview: z._default(z.boolean({ error: 'preview must be true or false' }), false),
    version: z.optional(z.number({ error: im.versionRequired }).check(z.int(im.versionRequired), z.gte(1, im.versionRequired))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.preview && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: im.versionRequired })
    }),
  )
/** As a client sends it (`preview` may be left out). */
export type InvoiceFixInput = z.input<typeof invoiceFixSchema>

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

/** POST /api/admin/orders/{orderId}/payments/{paymentId}/refunds: part or all of a payment or credit. */
export const refundSchema = z.strictObject({ requestId, method: z.enum(REFUND_METHODS, { error: lm.refundMethodInvalid }), amountCents: amount, reason })
export type RefundInput = z.infer<typeof refundSchema>
