import { ADMIN_PAYMENT_SORTS, ADMIN_PAYMENT_STATUSES, SORT_DIRECTIONS, invoiceMessages as im } from '../payment-messages.ts'
import { cursorParam, searchParam } from './paging.ts'
import * as z from './zod.ts'

type PaymentStatus = (typeof ADMIN_PAYMENT_STATUSES)[number]

/** GET /api/admin/payments?search=&status=&sort=date|customer|amount&direction=asc|desc&cursor= (blank status = all; the cursor is the previous page's). */
export const adminPaymentsQuerySchema = z.object({
  search: searchParam,
  status: z.pipe(
    z.optional(z.enum(['', 'all', ...ADMIN_PAYMENT_STATUSES], { error: 'status must be successful, pending or failed' })),
    z.transform((s: '' | 'all' | PaymentStatus | undefined) => (!s || s === 'all' ? undefined : s)),
  ),
  sort: z._default(z.enum(ADMIN_PAYMENT_SORTS, { error: 'sort must be date, customer or amount' }), 'date'),
  direction: z._default(z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }), 'desc'),
  cursor: cursorParam,
})
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>
/** The payments page's filters as the SPA keeps them ('' is All Statuses); the cursor is kept apart, per page. */
export type AdminPaymentsFilters = Omit<AdminPaymentsQuery, 'status' | 'cursor'> & { status: '' | PaymentStatus }

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
