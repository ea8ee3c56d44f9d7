import * as z from 'zod'
import { ADMIN_PAYMENT_SORTS, ADMIN_PAYMENT_STATUSES, SORT_DIRECTIONS, invoiceMessages as im } from '../payment-messages.ts'

/** GET /api/admin/payments?search=&status=&sort=date|customer|amount&direction=asc|desc&page= (blank status = all). */
export const adminPaymentsQuerySchema = z.object({
  search: z.string().max(200, 'search must be at most 200 characters').optional().transform((s) => s?.trim() ?? ''),
  status: z
    .enum(['', 'all', ...ADMIN_PAYMENT_STATUSES], { error: 'status must be successful, pending or failed' })
    .optional()
    .transform((s) => (!s || s === 'all' ? undefined : (s as (typeof ADMIN_PAYMENT_STATUSES)[number]))),
  sort: z.enum(ADMIN_PAYMENT_SORTS, { error: 'sort must be date, customer or amount' }).default('date'),
  direction: z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }).default('desc'),
  page: z.coerce.number({ error: 'page must be a positive whole number' }).int('page must be a positive whole number').min(1, 'page must be a positive whole number').default(1),
})
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>

const orderId = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message)

/** GET /api/admin/invoices?orderId= */
export const invoiceLookupQuerySchema = z.object({ orderId: orderId(im.orderIdRequired) })

/** POST /api/admin/invoices/refresh { orderId } */
export const invoiceRefreshSchema = z.strictObject({ orderId: orderId(im.orderIdRequired) })

/** POST /api/admin/invoices/{invoiceId}/fix { orderId } */
export const invoiceFixSchema = z.strictObject({ orderId: orderId(im.bothIdsRequired) })
