import { workMessages } from '@gs/shared/work-dates'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { ProfileRepository } from '../db/repositories/profiles.ts'
import type { Actor } from '../domain/audit-actor.ts'
import type { Order } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'
import { changeOrder } from './admin-order-write.ts'

interface AssignOrder {
  orders: Pick<OrderRepository, 'getOrder' | 'summaries' | 'commit'>
  profiles: Pick<ProfileRepository, 'getProfile'>
  orderId: string
  /** The staff member's id, or null to unassign. */
  gunsmithId: string | null
  actor: Actor
  now?: () => Date
}

/**
 * Assigns an order to a staff member (their id and their name as the lists show it), or unassigns it, audited.
 * Any active staff member may be assigned (a gunsmith usually; an owner who works the bench too): a customer, an
 * archived or deactivated profile, or an id that names no one is a 400 and changes nothing. The order's bench
 * index keys follow (entities/order.ts byBench).
 */
export async function assignOrder({ orders, profiles, orderId, gunsmithId, actor, now }: AssignOrder): Promise<Order> {
  let name: string | undefined
  if (gunsmithId) {
    const profile = await profiles.getProfile(gunsmithId)
    if (!profile || profile.role !== 'admin' || !profile.isActive || profile.isArchived) throw new ValidationError(workMessages.assigneeInvalid, { gunsmithId: workMessages.assigneeInvalid })
    name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email
  }
  const { order } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current) => ({ order: { ...current, assignedTo: gunsmithId ?? undefined, assignedToName: name }, result: null }),
    audit: { actor, action: 'order.assign', summary: () => (name ? workMessages.assigned(name) : workMessages.unassignedSummary) },
  })
  return order
}
