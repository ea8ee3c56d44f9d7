import { intakeDueTexts } from '../intake-due.ts'
import { cursorParam, limitParam } from './paging.ts'
import * as z from './zod.ts'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
export const boxReceivedMessages = { invalidTime: 'Enter the time received as an ISO time (e.g. 2026-11-30T15:00:00Z)' } as const

/** POST /api/admin/orders/{orderId}/box-received { receivedAt? }: when the box arrived (default now; not in the future, not before the order). */
export const boxReceivedSchema = z.object({
  receivedAt: z.optional(z.string({ error: boxReceivedMessages.invalidTime }).check(z.refine((v) => ISO_TIME.test(v) && !Number.isNaN(Date.parse(v)), boxReceivedMessages.invalidTime))),
})
export type BoxReceivedInput = z.infer<typeof boxReceivedSchema>

export const AWAITING_PAGE_SIZE = 25
export const AWAITING_MAX_PAGE_SIZE = 100

/** GET /api/admin/book/awaiting-intake?limit=&cursor=: the boxes awaiting intake, the earliest due first. */
export const awaitingIntakeQuerySchema = z.object({
  limit: limitParam(AWAITING_PAGE_SIZE, AWAITING_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type AwaitingIntakeQuery = z.infer<typeof awaitingIntakeQuerySchema>

export { intakeDueTexts }
