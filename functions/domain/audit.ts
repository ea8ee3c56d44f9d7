import type { Order } from './order.ts'

/**
 * The staff audit log ("who did what", docs/business-rules.md): every staff action is one record,
 * append-only, written in the transaction of the change it records. Built here, stored by
 * db/repositories/audit.ts (entity db/entities/audit-event.ts), read by the admin Activity views.
 */

import type { Actor } from './audit-actor.ts'

export { actorOf, type Actor } from './audit-actor.ts'

/** One thing that changed, as people read it: the field's label, the value before and after ('' = none). */
export interface AuditChange {
  field: string
  before: string
  after: string
}

/** A stable code per kind of staff action (the UI and any report key on it; the summary is for people). */
export type AuditAction =
  | 'order.create'
  | 'order.update'
  | 'order.archive'
  | 'order.unarchive'
  | 'order.delete'
  | 'order.restore'
  | 'order.line_add'
  | 'order.line_remove'
  | 'order.approval_request'
  | 'order.approval_withdraw'
  | 'order.message_post'
  | 'order.message_edit'
  | 'order.message_delete'
  | 'order.invoice_fix'
  | 'ledger.payment'
  | 'ledger.adjustment'
  | 'ledger.refund'
  | 'customer.create'
  | 'customer.update'
  | 'customer.archive'
  | 'customer.restore'
  | 'settings.save'
  // Open for actions added later (firearm intake, release, A&D book corrections): a dotted code of their own.
  | (string & {})

/**
 * One audit record. `customerId` is set whenever an order is, so the customer's view has it too. Its id (time-sortable,
 * from `at` and `seq`) is given when it is stored (db/repositories/audit.ts); records read back have it.
 */
export interface AuditEvent {
  auditId?: string
  /** Orders several records of one change (the later sorts newer). */
  seq?: number
  at: string
  actorId: string
  actorName: string
  action: AuditAction
  summary: string
  orderId?: string
  orderNumber?: string
  customerId?: string
  changes: AuditChange[]
  /**
   * An order's difference still to add in front of `changes` (before → after): computed when the record is
   * written (audit-resolve.ts resolveAudit, with audit-changes.ts orderChanges), so the diff code is
   * not in any route's cold start. Never stored.
   */
  diff?: { before: Order | null; after: Order | null }
}

/** The longest value kept per change (a description can be long): the record stays far below DynamoDB's item limit. */
export const MAX_VALUE_LENGTH = 500
/** At most this many changes per record. */
export const MAX_CHANGES = 60

export const clip = (s: string) => (s.length > MAX_VALUE_LENGTH ? `${s.slice(0, MAX_VALUE_LENGTH - 1)}…` : s)

/**
 * Builds an audit record. The changes are `changes`, after the difference between the `before` and
 * `after` orders when they are given (audit-changes.ts orderChanges, when it is written; a created order has
 * no `before`). The order's id, number and customer come from the order when one is given.
 */
export function auditEvent({
  actor,
  action,
  summary,
  at = new Date().toISOString(),
  seq = 0,
  order,
  before,
  after,
  orderId,
  customerId,
  changes,
}: {
  actor: Actor
  action: AuditAction
  summary: string
  at?: string
  /** Orders several records of one change (the later sorts newer). */
  seq?: number
  /** The order it concerns (defaults to `after ?? before`). */
  order?: Pick<Order, 'orderId' | 'orderNumber' | 'customerId'>
  before?: Order | null
  after?: Order | null
  orderId?: string
  customerId?: string
  changes?: AuditChange[]
}): AuditEvent {
  const o = order ?? after ?? before ?? undefined
  const list = (changes ?? []).slice(0, MAX_CHANGES)
  return {
    ...(seq ? { seq } : {}),
    at,
    actorId: actor.id,
    actorName: actor.name,
    action,
    summary: clip(summary),
    ...(o || orderId ? { orderId: o?.orderId ?? orderId, ...(o?.orderNumber ? { orderNumber: o.orderNumber } : {}) } : {}),
    ...((o?.customerId ?? customerId) ? { customerId: o?.customerId ?? customerId } : {}),
    changes: list.map((c) => ({ field: c.field, before: clip(c.before), after: clip(c.after) })),
    ...(before || after ? { diff: { before: before ?? null, after: after ?? null } } : {}),
  }
}

