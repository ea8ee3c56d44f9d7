import { MAX_PAGE_SIZE, NOTE_MAX_LENGTH, ORDERS_PAGE_SIZE, UPDATES_PAGE_SIZE, orderMessages } from '../order-messages.ts'
import { cursorParam, limitParam, searchParam } from './paging.ts'
import * as z from './zod.ts'

/** POST /api/orders/{orderId}/notes */
export const addNoteSchema = z.strictObject({
  text: z
    .string({ error: orderMessages.noteEmpty })
    .check(z.trim(), z.minLength(1, orderMessages.noteEmpty), z.maxLength(NOTE_MAX_LENGTH, orderMessages.noteTooLong)),
})
export type AddNoteInput = z.infer<typeof addNoteSchema>

/** POST /api/orders/{orderId}/approval: a rejection needs a reason. */
export const approvalDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject'], { error: orderMessages.decisionInvalid }),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(NOTE_MAX_LENGTH, orderMessages.rejectionReasonTooLong))),
    /** The request the customer read; when it is no longer the pending one the answer is refused (409). */
    requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.decision === 'reject' && !v.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: orderMessages.rejectionReasonRequired })
      }
    }),
  )
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionSchema>

/** GET /api/orders/{orderId}/invoice?shipping=true|false; without it the order's own choice applies. */
export const invoiceQuerySchema = z.object({
  shipping: z.pipe(
    z.optional(z.enum(['true', 'false'], { error: orderMessages.shippingInvalid })),
    z.transform((v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true')),
  ),
})
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>

/** `limit` (1–100, `fallback` when absent) and the previous page's `cursor`, exactly as the server gave it. */
const pageQuery = (fallback: number) => z.object({ limit: limitParam(fallback, MAX_PAGE_SIZE), cursor: cursorParam })

/** GET /api/orders?limit=&cursor=: the caller's orders, newest first (20 a page unless told). */
export const customerOrdersQuerySchema = z.object({
  limit: limitParam(ORDERS_PAGE_SIZE, MAX_PAGE_SIZE),
  cursor: cursorParam,
  /** Finds the caller's orders by firearm make or model, serial number or order number ('' or absent: every order). */
  search: searchParam,
})
export type CustomerOrdersQuery = z.infer<typeof customerOrdersQuerySchema>

/** GET /api/orders/{orderId}/updates and GET /api/admin/orders/{orderId}/updates?limit=&cursor=: older status history. */
export const orderUpdatesQuerySchema = pageQuery(UPDATES_PAGE_SIZE)
export type OrderUpdatesQuery = z.infer<typeof orderUpdatesQuerySchema>
