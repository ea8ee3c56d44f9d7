import { cursorParam, limitParam } from './paging.ts'
import * as z from './zod.ts'

export const INBOX_PAGE_SIZE = 25
export const INBOX_MAX_PAGE_SIZE = 100

/** GET /api/admin/inbox: the orders with a customer message waiting, oldest unanswered first. */
export const inboxQuerySchema = z.object({
  limit: limitParam(INBOX_PAGE_SIZE, INBOX_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type InboxQuery = z.infer<typeof inboxQuerySchema>
