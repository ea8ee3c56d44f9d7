import type { Order } from '#functions/domain/order.ts'
import type { GunsmithService } from '../service.ts'
import type { LatestOrder } from './profiles.ts'

/**
 * The admin customer list is the profiles Query alone (a bounded read): each customer's
 * profile carries the order count and the latest order (the newest undeleted one,
 * by createdAt) as the list shows it, status included. This module keeps that
 * true. The invariant, after every committed transaction:
 *
 *   profile.latestOrderId is the customer's newest undeleted order, and
 *   profile.latestOrderSummary is that order as of its last committed version.
 *
 * How (the race guard): every transaction that writes an order (create, save,
 * soft delete, the webhook's payment) carries ONE profile item per customer,
 * planned from the profile as read (strongly consistent) just before, and
 * conditioned on `latestOrderId` still being the id that was read:
 *  - the order written is the latest, or a created one becomes it: the summary
 *    is set from the order as written;
 *  - it is not: a ConditionCheck only (or the count moves, on create/delete);
 *  - the latest is soft-deleted: the next newest is read (strongly consistent)
 *    and becomes the latest, with a ConditionCheck that its version is still
 *    the one read.
 * Why that is enough: order writes are version-checked, so the writes of ONE
 * order commit one after another, each carrying its own summary, and the last
 * one (the newest version) is what stays. Writes of DIFFERENT orders interfere
 * only through "which order is the latest", and a transaction planned on an
 * answer that changed before it committed fails its profile condition and is
 * planned again on fresh reads (OrderRepository.saveOrder retries by itself,
 * the webhook retries its whole success write). For example: an older order's
 * status change (planned as "the latest") racing the creation of a newer order
 * (which makes itself the latest): whichever commits second finds latestOrderId
 * changed and is replanned. A delete that promotes order X racing a status
 * change of X: X's version pin, or X's own profile check (planned as "not the
 * latest"), fails for the second. DynamoDB never commits two transactions on
 * the same item at once (it cancels one with TransactionConflict, also
 * replanned). A version field on the summary alone would not do: it orders the
 * writes of one order, not which order is the latest.
 *
 * One bound: the next newest order after a delete is found on gsi1, which is
 * eventually consistent; an order created within that lag (well under a second)
 * before the newest one is deleted could be passed over.
 */

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
  latest?: LatestOrder | null
  /** Orders created or restored minus orders deleted. */
  countDelta: number
  /** The promoted order, checked still at this version in the same transaction. */
  pin?: { orderId: string; version: number }
}

/** The order fields the summary is taken from (a stored order item or a domain Order). */
type OrderLike = Pick<Order, 'orderId' | 'firearmMake' | 'firearmModel' | 'currentStatus' | 'createdAt' | 'version'>

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

export async function readPointer(service: GunsmithService, customerId: string): Promise<LatestPointer | null> {
  const { data } = await service.entities.profile.get({ userId: customerId }).go({ consistent: true })
  if (!data) return null
  return { latestOrderId: data.latestOrderId ?? null, latestCreatedAt: data.latestOrderId ? (data.latestOrderSummary?.createdAt ?? '') : null }
}

/**
 * The customer's newest undeleted order other than `exclude`, read strongly consistent
 * (so its version and status are the committed ones); gsi1 only gives the candidates.
 */
export async function newestOrder(service: GunsmithService, customerId: string, exclude: Set<string>): Promise<OrderLike | null> {
  const { order } = service.entities
  const { data } = await order.query
    .byCustomer({ customerId })
    .where(({ isDeleted }, { ne }) => ne(isDeleted, true))
    .go({ order: 'desc', pages: 'all', attributes: ['orderId'] })
  for (const { orderId } of data) {
    if (exclude.has(orderId)) continue
    const { data: o } = await order.get({ orderId }).go({ consistent: true })
    // gsi1 may still show an order deleted a moment ago.
    if (o && !o.isDeleted) return { ...o, currentStatus: o.currentStatus ?? 'order_created', version: o.version ?? 1 }
  }
  return null
}

/** Reads the profile (and, when the latest order is deleted, the next newest) and plans the profile item of one customer's writes. */
export async function planLatestOrder(service: GunsmithService, customerId: string, writes: OrderWrite[]): Promise<LatestOrderPlan> {
  const pointer = await readPointer(service, customerId)
  const plan = planLatest(customerId, pointer, writes)
  if (plan !== NEEDS_REPLACEMENT) return plan
  const deleted = new Set(writes.filter((w) => w.kind === 'delete').map((w) => w.order.orderId))
  return planLatest(customerId, pointer, writes, await newestOrder(service, customerId, deleted)) as LatestOrderPlan
}

/** Groups a transaction's order writes by customer (one profile item each: a transaction may touch an item once). */
export function byCustomer(writes: OrderWrite[]): Map<string, OrderWrite[]> {
  const out = new Map<string, OrderWrite[]>()
  for (const w of writes) out.set(w.order.customerId, [...(out.get(w.order.customerId) ?? []), w])
  return out
}

type TransactionEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]

/** The plan's transaction items: the profile item (update or check), then the promoted order's version check. */
export function latestOrderItems({ profile, order }: Pick<TransactionEntities, 'profile' | 'order'>, plan: LatestOrderPlan) {
  const key = { userId: plan.customerId }
  if (plan.seen === 'absent') {
    // No profile (orders seeded straight into the table): nothing to keep, but the plan assumed none.
    return [profile.check(key).where(({ userId }, { notExists }) => notExists(userId)).commit()]
  }
  const seen = plan.seen.latestOrderId
  // The condition everything above was planned on: the latest order is still the one read.
  const stillSeen: Parameters<ReturnType<typeof profile.check>['where']>[0] = ({ latestOrderId }, { eq, notExists }) => (seen ? eq(latestOrderId, seen) : notExists(latestOrderId))
  const items = []
  if (plan.latest === undefined && plan.countDelta === 0) {
    items.push(profile.check(key).where(stillSeen).commit())
  } else {
    const base = profile.patch(key)
    const count = (n: number) => (n > 0 ? base.add({ orderCount: n }) : base.subtract({ orderCount: -n }))
    let op = plan.latest ? base.set(latestOrderAttributes(plan.latest)) : plan.latest === null ? base.remove(['latestOrderId', 'latestOrderSummary']) : count(plan.countDelta)
    if (plan.latest !== undefined && plan.countDelta > 0) op = op.add({ orderCount: plan.countDelta })
    if (plan.latest !== undefined && plan.countDelta < 0) op = op.subtract({ orderCount: -plan.countDelta })
    items.push(op.where(stillSeen).commit())
  }
  if (plan.pin) {
    const { orderId, version: expected } = plan.pin
    items.push(order.check({ orderId }).where(({ version }, { eq }) => eq(version, expected)).commit())
  }
  return items
}

/** The latest-order summary of an order (what the customer list shows), at the order's version. */
export const latestOrderOf = (o: Pick<Order, 'orderId' | 'firearmMake' | 'firearmModel' | 'currentStatus' | 'createdAt' | 'version'>): LatestOrder => ({
  orderId: o.orderId,
  firearmMake: o.firearmMake,
  firearmModel: o.firearmModel,
  currentStatus: o.currentStatus,
  createdAt: o.createdAt,
  version: o.version,
})

/** The profile attributes that hold a latest order. */
export const latestOrderAttributes = ({ orderId, ...summary }: LatestOrder) => ({ latestOrderId: orderId, latestOrderSummary: summary })
