import { ORDER_STATUSES, type OrderStatus } from '../statuses.ts'
import { cursorParam, limitParam, searchParam } from './paging.ts'
import * as z from './zod.ts'

/** The sorts of the admin order lists: by creation (the default) or by the last change. */
export const ADMIN_ORDER_SORTS = ['created', 'updated'] as const
export const ADMIN_ORDERS_PAGE_SIZE = 25
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100

const STATUS = 'status must be one of the order statuses'
/** A blank (or "all") filter is no filter. */
const blank = (s: string | undefined) => !s || s === 'all'

/** The admin order lists: active (the default), archived, and deleted (soft-deleted orders, which staff may restore). */
export const ADMIN_ORDER_VIEWS = ['active', 'archived', 'deleted'] as const

/**
 * GET /api/admin/orders?view=active|archived|deleted&status=&customerId=&sort=created|updated&direction=desc|asc&search=&limit=&cursor=
 * (blank status, customer or search = none; the cursor is the previous page's, for the same filters).
 * In its own module so that only the list route carries it (the api-admin cold-start budget).
 */
export const adminOrdersQuerySchema = z.object({
  /** `overdue`: open orders past their promised date, soonest first (status, customer, sort and search do not apply). */
  view: z._default(z.enum([...ADMIN_ORDER_VIEWS, 'overdue'], { error: 'view must be active, archived, deleted or overdue' }), 'active'),
  /** A staff member's bench: their open assigned orders by promised date (a gunsmith's list is always their own). */
  assignedTo: z.pipe(
    z.optional(z.string({ error: 'assignedTo must be a staff member id' }).check(z.trim(), z.maxLength(100, 'assignedTo must be a staff member id'))),
    z.transform((s: string | undefined) => s || undefined),
  ),
  status: z.pipe(
    z.optional(z.string({ error: STATUS }).check(z.refine((s) => blank(s) || (ORDER_STATUSES as readonly string[]).includes(s), STATUS))),
    z.transform((s: string | undefined) => (blank(s) ? undefined : (s as OrderStatus))),
  ),
  customerId: z.pipe(
    z.optional(z.string({ error: 'customerId must be a customer id' }).check(z.trim(), z.maxLength(100, 'customerId must be a customer id'))),
    z.transform((s: string | undefined) => s || undefined),
  ),
  sort: z._default(z.enum(ADMIN_ORDER_SORTS, { error: 'sort must be created or updated' }), 'created'),
  direction: z._default(z.enum(['desc', 'asc'], { error: 'direction must be desc or asc' }), 'desc'),
  search: searchParam,
  limit: limitParam(ADMIN_ORDERS_PAGE_SIZE, ADMIN_ORDERS_MAX_PAGE_SIZE),
  cursor: cursorParam,
})
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>
export type AdminOrderView = AdminOrdersQuery['view']
export type AdminOrderSort = AdminOrdersQuery['sort']
/** The lists' filters as the SPA keeps them ('' is All Statuses / every customer); the cursor is kept apart, per page. */
export interface AdminOrdersFilters {
  view: AdminOrderView
  status: '' | OrderStatus
  customerId: string
  sort: AdminOrderSort
  direction: AdminOrdersQuery['direction']
  search: string
  limit: number
}
