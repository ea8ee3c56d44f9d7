import { latestOrderOf, NEEDS_REPLACEMENT, planLatest, type LatestOrderPlan, type LatestPointer, type OrderLike, type OrderWrite } from '#functions/domain/latest-order.ts'
import type { GunsmithService } from '../service.ts'
import type { LatestOrder } from './profiles.ts'

// The plan itself is the domain's (domain/latest-order.ts); this module reads what it is planned on and stores it.
export { byCustomer, latestOrderOf, NEEDS_REPLACEMENT, planLatest, type LatestOrderPlan, type LatestPointer, type OrderWrite, type OrderWriteKind } from '#functions/domain/latest-order.ts'

/**
 * Keeps each customer's profile summary (order count, latest order with its status) true after every committed
 * order transaction: the plan, its race guard and its one bound are in docs/architecture.md, "The profile's latest
 * order".
 */

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

/** The profile attributes that hold a latest order. */
export const latestOrderAttributes = ({ orderId, ...summary }: LatestOrder) => ({ latestOrderId: orderId, latestOrderSummary: summary })
