import { ADMIN_AUTHOR_LABEL } from '@gs/shared/statuses'
import { orderMessages } from '@gs/shared/order-messages'
import { sortableId } from '../db/ids.ts'
import { commitChange, type OrderRepository, type OrderWriteExtras } from '../db/repositories/orders.ts'
import type { Order, StatusUpdate } from '../domain/order.ts'
import { saved } from '../domain/order-commit.ts'
import { ConflictError, NotFoundError } from '../lib/errors.ts'
import { retryOnConflict } from '../lib/retry.ts'
import type { Actor } from '../domain/audit-actor.ts'
import { auditEvent, type AuditAction, type AuditChange, type AuditEvent } from '../domain/audit.ts'

/** Any order staff can see: everything but soft-deleted ones (those are gone from every route). */
export async function loadStaffOrder({ orders, orderId }: { orders: Pick<OrderRepository, 'getOrder'>; orderId: string }): Promise<Order> {
  const order = orderId ? await orders.getOrder(orderId) : null
  if (!order || order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
  return order
}

export type OrderChange<T> = (order: Order, at: string) => { order: Order; extras?: OrderWriteExtras; result: T } | Promise<{ order: Order; extras?: OrderWriteExtras; result: T }>

/**
 * A server-side change that the admin did not base on a version they loaded
 * (add a part, post a message, archive...): read, apply, save with the version
 * just read, and re-run the change on fresh data when someone else wrote in between
 * (lib/retry.ts; a 409 when the attempts run out).
 */
export async function changeOrder<T>({ orders, orderId, change, audit, now = () => new Date() }: { orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>; orderId: string; change: OrderChange<T>; audit?: StaffAction<T>; now?: () => Date }): Promise<{ order: Order; result: T }> {
  return retryOnConflict(
    async () => {
      const current = await loadStaffOrder({ orders, orderId })
      const at = now().toISOString()
      const { order, extras, result } = await change(current, at)
      const next = saved(order, current.version, at)
      const [written] = await commitChange(orders, { orders: [{ order: next, expected: current.version, softDelete: next.isDeleted }], ...withAudit(extras, audit && orderAudit(audit, current, order, at, result)) })
      return { order: written, result }
    },
    { exhausted: () => new ConflictError(orderMessages.staleOrder) },
  )
}

/** Who made a staff change and what it was: the audit record (domain/audit.ts) is built from the order before and after. */
export interface StaffAction<T = unknown> {
  actor: Actor
  action: AuditAction
  /** What happened, for people; a function when it depends on the change. */
  summary: string | ((after: Order, before: Order, result: T) => string)
  /** Changes besides the order's own fields (a message's text, an entry recorded with it). */
  more?: (after: Order, before: Order, result: T) => AuditChange[]
}

/**
 * The audit record of an order change: the action's summary, the order's changes before → after (computed when
 * the record is written: domain/audit-changes.ts), then what `more` adds.
 */
export function orderAudit<T>({ actor, action, summary, more }: StaffAction<T>, before: Order | null, after: Order, at: string, result?: T): AuditEvent {
  const [b, r] = [before ?? after, result as T]
  return auditEvent({ actor, action, at, order: after, before, after, changes: more?.(after, b, r) ?? [], summary: typeof summary === 'function' ? summary(after, b, r) : summary })
}

/** The extras with one more audit record (none: unchanged). */
export const withAudit = (extras: OrderWriteExtras | undefined, record: AuditEvent | undefined): OrderWriteExtras | undefined =>
  record ? { ...extras, audit: [...(extras?.audit ?? []), record] } : extras

/** A staff entry in the order's history, signed "Admin"; `seq` orders several entries of one change (the later sorts newer). */
export function staffUpdate({ order, status, notes, userId, at, seq = 0, internal = false }: { order: Order; status: string; notes: string; userId: string; at: string; seq?: number; internal?: boolean }): StatusUpdate {
  return {
    ...(internal ? { internal: true } : {}),
    orderId: order.orderId,
    updateId: sortableId(Date.parse(at) + seq),
    status,
    notes,
    createdBy: userId,
    authorLabel: ADMIN_AUTHOR_LABEL,
    isCustomerNote: false,
    createdAt: at,
    updatedAt: at,
  }
}
