import { formatCents } from '@gs/shared/money'
import { ledgerMessages as lm, PROVIDER_REFUND_LABEL } from '@gs/shared/payment-rules'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { EntriesWrite, ProviderLedgerRepository } from '../db/repositories/provider-ledger.ts'
import type { Actor } from '../domain/audit-actor.ts'
import { ledgerFields, type Checkout } from '../domain/payment.ts'
import type { Order, Payment } from '../domain/order.ts'
import { paymentRefundedNotification } from '../domain/payment-notifications.ts'
import { cardEntryKeys, priceReductionEntryId, providerRefundEntryId, refundStatusOf, splitAcrossEntries } from '../domain/provider-money.ts'
import { log } from '../lib/logger.ts'
import { retryOnConflict } from '../lib/retry.ts'
import type { PaymentGateway, ProviderRefundDetail } from '../payments/gateway.ts'
import { orderAudit, staffUpdate } from './admin-order-write.ts'
import { SYSTEM_USER } from './paid-in-full.ts'
import { PAYMENT_REVIEW_ALERT, type EventOutcome } from './handle-stripe-event.ts'

export interface ProviderMoneyDeps {
  orders: Pick<OrderRepository, 'getOrders'>
  ledger: ProviderLedgerRepository
  now?: () => Date
}

/** The order as written with a few sums moved (version and times bumped: every ledger write is an order write). */
export const moved = (o: Order, at: string, d: { paid?: number; credit?: number; refunded?: number; adjustments?: number; disputed?: number }): Order => ({
  ...o,
  amountPaidCents: o.amountPaidCents + (d.paid ?? 0),
  creditCents: (o.creditCents ?? 0) + (d.credit ?? 0),
  refundedCents: (o.refundedCents ?? 0) + (d.refunded ?? 0),
  adjustmentsCents: (o.adjustmentsCents ?? 0) + (d.adjustments ?? 0),
  disputedCents: (o.disputedCents ?? 0) + (d.disputed ?? 0),
  version: o.version + 1,
  updatedAt: at,
  invoiceLastUpdated: at,
})

/** The orders of a write, each as read and as it will be written (changes to one order accumulate). */
export class OrderChanges {
  private readonly read = new Map<string, Order>()
  private readonly next = new Map<string, Order>()
  constructor(orders: readonly Order[]) {
    for (const o of orders) this.read.set(o.orderId, o)
  }
  get(orderId: string): Order {
    const o = this.next.get(orderId) ?? this.read.get(orderId)
    // Orders are only soft-deleted: a missing one means broken data; fail loudly (the provider retries, the logs show it).
    if (!o) throw new Error(`Order ${orderId} not found`)
    return o
  }
  move(orderId: string, at: string, d: Parameters<typeof moved>[2]) {
    const base = this.get(orderId)
    const o = moved(base, at, d)
    // One version step per write, however many moves it has.
    this.next.set(orderId, { ...o, version: this.read.get(orderId)!.version + 1 })
  }
  writes(): EntriesWrite['orders'] {
    return [...this.next.values()].map((order) => ({ order, expected: this.read.get(order.orderId)!.version }))
  }
}

/** A history entry written by the portal itself (the provider's events), signed as the shop. */
export const systemUpdate = (order: Order, status: string, notes: string, at: string, seq = 0) => staffUpdate({ order, status, notes, userId: SYSTEM_USER, at, seq })

/**
 * What the provider's refund events say (`charge.refunded`, `refund.created`, `refund.updated`, `refund.failed`,
 * `charge.refund.updated`): the provider is asked for every refund of the intent's charge (its word, whatever the
 * event carried), and each lands on the ledger once. A refund this portal made (its metadata names the ledger entry)
 * settles that entry (settleRefund); one made at the provider (its dashboard) is recorded, split over the orders the
 * payment paid (recordProviderRefund), or, recorded already, settles its entries.
 */
export async function syncProviderRefunds({ paymentIntentId, gateway, eventId, ...deps }: ProviderMoneyDeps & { paymentIntentId: string; eventId: string; gateway: Pick<PaymentGateway, 'listRefunds'> }): Promise<EventOutcome> {
  const checkout = await deps.ledger.getCheckout(paymentIntentId)
  if (!checkout) {
    log.warn('stripe refund event for an unknown payment intent', { eventId, paymentIntentId })
    return 'unknown_intent'
  }
  const refunds = await gateway.listRefunds(paymentIntentId)
  const outcomes: EventOutcome[] = []
  for (const r of refunds) {
    const ours = r.metadata.ledgerEntry && r.metadata.orderId
    outcomes.push(ours ? await settleRefund({ ...deps, orderId: r.metadata.orderId!, refundEntryId: r.metadata.ledgerEntry!, status: r.status, providerRefundId: r.refundId, failureReason: r.failureReason }) : await recordProviderRefund({ ...deps, checkout, refund: r }))
  }
  return outcomes.includes('recorded') ? 'recorded' : outcomes.includes('updated') ? 'updated' : 'duplicate'
}

/**
 * A refund made at the provider, on the ledger once (its entries' ids come from the provider's refund id): split
 * over the entries the charge made (domain/provider-money.ts, splitAcrossEntries), each piece a refund entry of
 * that order, settled or pending as the provider reports it, a return of money (the bill stays: staff may mark it a
 * price reduction); the orders' paid, credit and refunded sums move in the same transaction, each order's history
 * says so and the customer is told. Recorded already: its entries settle as the provider now reports.
 */
export async function recordProviderRefund({ orders, ledger, checkout, refund, now = () => new Date() }: ProviderMoneyDeps & { checkout: Checkout; refund: ProviderRefundDetail }): Promise<EventOutcome> {
  const pi = checkout.paymentIntentId
  const sourceKeys = cardEntryKeys(pi, checkout.allocations)
  return retryOnConflict(async () => {
    const sources = await ledger.getEntries(sourceKeys)
    const recorded = await ledger.getEntries(sources.map((s) => ({ orderId: s.orderId, paymentId: providerRefundEntryId(refund.refundId, s) })))
    if (recorded.length > 0) {
      const settled = await Promise.all(recorded.map((e) => settleRefund({ orders, ledger, now, orderId: e.orderId, refundEntryId: e.paymentId, status: refund.status, providerRefundId: refund.refundId, failureReason: refund.failureReason })))
      return settled.includes('updated') ? 'updated' : 'duplicate'
    }
    const status = refundStatusOf(refund.status)
    // Never made (failed or canceled before the portal saw it): nothing left the shop.
    if (status === 'failed') return 'unchanged'
    const { pieces, unattributedCents } = splitAcrossEntries(pi, checkout.allocations, sources, refund.amountCents)
    const at = now().toISOString()
    const changes = new OrderChanges(await orders.getOrders([...new Set(pieces.map((p) => p.orderId).concat(checkout.allocations[0]?.orderId ?? []))], { consistent: true }))
    const w: Required<Pick<EntriesWrite, 'entries' | 'updates' | 'notifications'>> = { entries: [], updates: [], notifications: [] }
    const byOrder = new Map<string, number>()
    for (const p of pieces) byOrder.set(p.orderId, (byOrder.get(p.orderId) ?? 0) + p.cents)
    for (const [i, p] of pieces.entries()) {
      const o = changes.get(p.orderId)
      const fromCredit = p.entry.kind === 'credit'
      w.entries.push({ before: p.entry, after: { ...p.entry, refundedCents: (p.entry.refundedCents ?? 0) + p.cents } })
      w.entries.push({
        before: null,
        after: {
          ...ledgerFields(o),
          paymentId: providerRefundEntryId(refund.refundId, p.entry),
          customerId: o.customerId,
          amountCents: p.cents,
          paymentDate: at,
          paymentMethod: PROVIDER_REFUND_LABEL,
          paymentStatus: status,
          paymentIntentId: pi,
          kind: 'refund',
          refundOf: p.entry.paymentId,
          reason: 'Refunded at the card provider',
          providerRefundId: refund.refundId,
          purpose: 'return',
          origin: 'provider',
        },
      })
      changes.move(p.orderId, at, fromCredit ? { credit: -p.cents, refunded: p.cents } : { paid: -p.cents, refunded: p.cents })
      if (pieces.findIndex((q) => q.orderId === p.orderId) === i) {
        const share = byOrder.get(p.orderId)!
        w.updates.push(systemUpdate(o, HISTORY_EVENTS.refundIssued, lm.providerRefundNote(formatCents(refund.amountCents), formatCents(share)), at, i))
        w.notifications.push(paymentRefundedNotification({ order: o, at, id: sortableId(Date.parse(at) + i), amountCents: share, method: 'card' }))
      }
    }
    if (unattributedCents > 0) {
      log.error('refund at the provider above what the ledger holds', { alert: PAYMENT_REVIEW_ALERT, paymentIntentId: pi, refundId: refund.refundId, unattributedCents })
      const first = checkout.allocations[0] && changes.get(checkout.allocations[0].orderId)
      if (first) {
        w.updates.push(systemUpdate(first, HISTORY_EVENTS.paymentFlagged, lm.providerRefundUnattributed(formatCents(unattributedCents)), at, pieces.length + 1))
        if (!pieces.some((p) => p.orderId === first.orderId)) changes.move(first.orderId, at, {})
      }
    }
    if (w.entries.length === 0 && w.updates.length === 0) return 'unchanged'
    await ledger.write({ orders: changes.writes(), ...w })
    log.info('refund at the provider recorded', { paymentIntentId: pi, refundId: refund.refundId, amountCents: refund.amountCents, orders: byOrder.size, status })
    return 'recorded'
  })
}

/**
 * Settles a card refund entry as the provider reports it (its status: 'succeeded', 'pending', 'failed', 'canceled'),
 * whoever made it (this portal or the provider's dashboard) and whoever asks (the webhook's refund events, the staff
 * refund's own answer, reconciliation). Succeeded: the entry is settled; the customer is told when the provider first
 * takes it, unless they were already. Failed or canceled: the money counts as paid again (the entry refunded and the
 * order's paid or credit and refunded sums go back; a price reduction's discount goes with it), and staff are
 * alerted (`alert=payment_review`, and the history), unless `refused` says staff are looking at it (the provider
 * refused it as they asked). A failed entry stays failed. Answers 'updated' or 'unchanged'.
 */
export async function settleRefund({
  orders,
  ledger,
  orderId,
  refundEntryId,
  status,
  providerRefundId,
  failureReason = null,
  refused,
  now = () => new Date(),
}: ProviderMoneyDeps & {
  orderId: string
  refundEntryId: string
  status: string
  providerRefundId?: string
  failureReason?: string | null
  /** The provider refused the refund as staff asked for it: their action, audited, not an alert. */
  refused?: { actor?: Actor; adminId: string; message: string }
}): Promise<'updated' | 'unchanged'> {
  return retryOnConflict(async () => {
    const entry = await ledger.getEntry(orderId, refundEntryId)
    if (!entry || entry.kind !== 'refund') {
      log.warn('refund to settle not found in the ledger', { orderId, refundEntryId, providerRefundId })
      return 'unchanged'
    }
    const target = refundStatusOf(status)
    // Failed is final: its money is already back.
    if (entry.paymentStatus === 'failed') return 'unchanged'
    const [order] = await orders.getOrders([orderId], { consistent: true })
    if (!order) throw new Error(`Order ${orderId} not found`)
    const at = now().toISOString()
    const changes = new OrderChanges([order])
    if (target !== 'failed') {
      const sameId = !providerRefundId || entry.providerRefundId === providerRefundId
      // Never back from settled to settling (events may come out of order).
      if (sameId && (entry.paymentStatus === target || entry.paymentStatus === 'successful')) return 'unchanged'
      const paymentStatus = entry.paymentStatus === 'successful' ? 'successful' : target
      changes.move(orderId, at, {})
      await ledger.write({
        orders: changes.writes(),
        entries: [{ before: entry, after: { ...entry, paymentStatus, ...(providerRefundId ? { providerRefundId } : {}) } }],
        // The provider took it (settled or settling): the customer is told once, when it first does.
        notifications: entry.providerRefundId || entry.origin === 'provider' ? [] : [paymentRefundedNotification({ order, at, id: sortableId(Date.parse(at)), amountCents: entry.amountCents, method: 'card' })],
      })
      return 'updated'
    }
    const source = entry.refundOf ? await ledger.getEntry(orderId, entry.refundOf) : null
    if (!source) throw new Error(`Refund ${refundEntryId} of order ${orderId} refunds no entry`)
    const reduction = entry.purpose === 'price_reduction' ? await ledger.getEntry(orderId, priceReductionEntryId(entry.paymentId)) : null
    const reason = refused?.message ?? failureReason ?? status
    const entries: EntriesWrite['entries'] = [
      { before: entry, after: { ...entry, paymentStatus: 'failed', notes: reason, ...(providerRefundId ? { providerRefundId } : {}) } },
      { before: source, after: { ...source, refundedCents: Math.max(0, (source.refundedCents ?? 0) - entry.amountCents) } },
    ]
    const live = reduction && reduction.paymentStatus === 'successful'
    if (live) entries.push({ before: reduction, after: { ...reduction, paymentStatus: 'failed', notes: reason } })
    changes.move(orderId, at, { ...((source.kind ?? 'payment') === 'credit' ? { credit: entry.amountCents } : { paid: entry.amountCents }), refunded: -entry.amountCents, ...(live ? { adjustments: -reduction.amountCents } : {}) })
    const [next] = changes.writes()
    const amount = formatCents(entry.amountCents)
    const w: EntriesWrite = {
      orders: [next!],
      entries,
      updates: [refused ? staffUpdate({ order, status: HISTORY_EVENTS.refundIssued, notes: lm.refundFailedNote(amount, reason), userId: refused.adminId, at }) : systemUpdate(order, HISTORY_EVENTS.refundIssued, lm.refundSettledFailedNote(amount, reason), at)],
    }
    // The refund the staff member asked for was refused: what it put back is theirs too.
    if (refused?.actor) w.audit = [orderAudit({ actor: refused.actor, action: 'ledger.refund', summary: `Card refund of ${amount} refused: ${reason}` }, order, next!.order, at)]
    await ledger.write(w)
    if (!refused) log.error('card refund failed at the provider: the money counts as paid again', { alert: PAYMENT_REVIEW_ALERT, orderId, refundEntryId, providerRefundId, amountCents: entry.amountCents, reason })
    return 'updated'
  })
}
