import type { Order } from './order.ts'

/**
 * What an order write does to its customer's profile summary (the order count and the latest order, as the
 * admin customer list shows them): decided here from the profile's pointer as read, and stored by the order
 * transaction with a condition that the pointer is still the one read (db/repositories/latest-order.ts: the
 * reads and the race guard).
 */

/** The newest order as the admin customer list shows it (the profile's summary of it). */
export interface LatestOrderSummary {
  orderId: string
  firearmMake: string
  firearmModel: string
  /** '' when unknown: a summary stored before the status was kept current (profiles.ts toProfile). */
  currentStatus: string
  createdAt: string
  /** The order version the summary was taken from; absent on such older summaries. */
  version?: number
}

export type OrderWriteKind = 'create' | 'save' | 'delete' | 'restore'

/** An order write of a transaction: the order as it will be stored (its new version). */
export interface OrderWrite {
  order: Order
  /**
   * 'delete': the order becomes soft-deleted in this write (the caller guarantees it was not before);
   * 'restore': a soft-deleted order comes back, counted and a candidate for the latest like a created one.
   */
  kind: OrderWriteKind
}

/** The profile's latest-order pointer as read; null when the customer has no profile. */
export interface LatestPointer {
  latestOrderId: string | null
  latestCreatedAt: string | null
}

/** What one transaction does to one customer's profile: plain data, planned before the transaction. */
export interface LatestOrderPlan {
  customerId: string
  /** The latestOrderId read (null: none), which the profile item is conditioned on; 'absent': no profile (checked absent). */
  seen: { latestOrderId: string | null } | 'absent'
  /** The new latest order, null when none is left; undefined: unchanged. */
  latest?: LatestOrderSummary | null
  /** Orders created or restored minus orders deleted. */
  countDelta: number
  /** The promoted order, checked still at this version in the same transaction. */
  pin?: { orderId: string; version: number }
}

/** The order fields the summary is taken from (a stored order item or a domain Order). */
export type OrderLike = Pick<Order, 'orderId' | 'firearmMake' | 'firearmModel' | 'currentStatus' | 'createdAt' | 'version'>

export const NEEDS_REPLACEMENT = Symbol('needs replacement')

/** A write that adds an order to the customer's: created, or restored from deleted. */
const comesBack = (w: OrderWrite) => w.kind === 'create' || w.kind === 'restore'

/**
 * The plan for one customer's writes, given the pointer read. When the latest order is being
 * deleted it needs the next newest order (`replacement`, null for none): without one it answers
 * NEEDS_REPLACEMENT.
 */
export function planLatest(customerId: string, pointer: LatestPointer | null, writes: OrderWrite[], replacement?: OrderLike | null): LatestOrderPlan | typeof NEEDS_REPLACEMENT {
  if (!pointer) return { customerId, seen: 'absent', countDelta: 0 }
  const plan: LatestOrderPlan = {
    customerId,
    seen: { latestOrderId: pointer.latestOrderId },
    countDelta: writes.filter(comesBack).length - writes.filter((w) => w.kind === 'delete').length,
  }
  let newestAt = pointer.latestCreatedAt
  const current = pointer.latestOrderId ? writes.find((w) => w.order.orderId === pointer.latestOrderId) : undefined
  if (current?.kind === 'delete') {
    if (replacement === undefined) return NEEDS_REPLACEMENT
    // The replacement as written in this same transaction, if it is one of the writes (its own put is version-checked).
    const written = replacement && writes.find((w) => w.order.orderId === replacement.orderId)?.order
    const next = written ?? replacement
    plan.latest = next ? latestOrderOf(next) : null
    if (replacement && !written) plan.pin = { orderId: replacement.orderId, version: replacement.version }
    newestAt = next?.createdAt ?? null
  } else if (current) {
    plan.latest = latestOrderOf(current.order)
  }
  // A created (or restored) order at least as new as the latest takes its place (a created one always does outside seeds).
  for (const w of writes) {
    if (!comesBack(w) || (newestAt !== null && w.order.createdAt < newestAt)) continue
    plan.latest = latestOrderOf(w.order)
    plan.pin = undefined
    newestAt = w.order.createdAt
  }
  return plan
}

/** The latest-order summary of an order (what the customer list shows), at the order's version. */
export const latestOrderOf = (o: Pick<Order, 'orderId' | 'firearmMake' | 'firearmModel' | 'currentStatus' | 'createdAt' | 'version'>): LatestOrderSummary => ({
  orderId: o.orderId,
  firearmMake: o.firearmMake,
  firearmModel: o.firearmModel,
  currentStatus: o.currentStatus,
  createdAt: o.createdAt,
  version: o.version,
})

/** Groups a transaction's order writes by customer (one profile item each: a transaction may touch an item once). */
export function byCustomer(writes: OrderWrite[]): Map<string, OrderWrite[]> {
  const out = new Map<string, OrderWrite[]>()
  for (const w of writes) out.set(w.order.customerId, [...(out.get(w.order.customerId) ?? []), w])
  return out
}
