/**
 * Batching (docs/notifications.md, "Batching"): the notifier does not send a change to an order at once but adds it
 * to the customer's open digest of that order, due DIGEST_WINDOW_MS after the first change; the digest sender
 * (digest.ts) sends each due digest as one email and one text.
 */
import type { DigestEntry, NotificationDigestRepository } from '../db/repositories/notification-digests.ts'
import type { ChannelDelivery, DeliveredNotification, DeliveryChannel, NotificationDeliveryRepository } from '../db/repositories/notification-delivery.ts'

/** How long the first change of an order waits for more before the customer hears of them all at once. */
export const DIGEST_WINDOW_MS = 2 * 60_000

/**
 * The kinds that wait for a digest: progress news (a new order, status changes with their notes, notes, shipped).
 * The approval request (it needs an answer), payments, receipts and refunds go at once; so does anything not for a
 * customer about an order. A notification stored before kinds existed is a status change.
 */
const BATCHED_KINDS: ReadonlySet<string> = new Set(['order_created', 'status_changed', 'staff_note'])

export const isBatched = (n: Pick<DeliveredNotification, 'orderId' | 'kind'>): boolean => Boolean(n.orderId) && BATCHED_KINDS.has(n.kind ?? 'status_changed')

/** A notification's delivery state once it is in a digest: the digest sender records how the digest went. */
export const BATCHED: ChannelDelivery['status'] = 'batched'

/** What a digest keeps of a notification (the template's input, with its id and time for the order of the list). */
export function digestEntry(n: DeliveredNotification): DigestEntry {
  return {
    notificationId: n.notificationId,
    kind: n.kind ?? 'status_changed',
    title: n.title,
    message: n.message,
    context: n.context || n.title,
    essential: n.essential === true,
    ...(n.trackingUrl ? { trackingUrl: n.trackingUrl } : {}),
    ...(n.carrier ? { carrier: n.carrier } : {}),
    createdAt: n.createdAt,
  }
}

/**
 * Adds the notification to its order's open digest (idempotent: a stream record delivered twice adds it once, as long
 * as the digest is still open), then marks both channels `batched`, each from the state read (a concurrent delivery
 * of the same record marks it once).
 */
export async function joinDigest(
  deps: { digests: Pick<NotificationDigestRepository, 'join'>; deliveries: Pick<NotificationDeliveryRepository, 'transition'>; now: () => Date; windowMs?: number },
  n: DeliveredNotification,
): Promise<void> {
  const at = deps.now()
  await deps.digests.join({ userId: n.userId, orderId: n.orderId! }, digestEntry(n), new Date(at.getTime() + (deps.windowMs ?? DIGEST_WINDOW_MS)).toISOString())
  let hasDelivery = n.delivery !== undefined
  for (const channel of ['email', 'sms'] as DeliveryChannel[]) {
    const expected = n.delivery?.[channel]
    if (expected?.status === BATCHED) continue
    const key = { userId: n.userId, notificationId: n.notificationId }
    if (await deps.deliveries.transition(key, channel, expected, { status: BATCHED, attempts: expected?.attempts ?? 0, at: at.toISOString() }, hasDelivery)) hasDelivery = true
  }
}
