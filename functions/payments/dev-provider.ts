import { createHash, randomBytes } from 'node:crypto'
import type { DevIntent, DevIntentRepository, DevRefund } from '../db/repositories/dev-intents.ts'
import { devDisputeId } from './dev-gateway.ts'

/**
 * The dev payment gateway playing what happens at the provider outside the portal: a refund made in its dashboard
 * (full or partial, settled at once or pending), a pending refund that later succeeds or fails, a dispute opened, won
 * or lost. Each changes the dev intent as Stripe would change its charge, and answers the events Stripe would send,
 * in Stripe's shapes; the caller signs and delivers them to the webhook (scripts/dev-provider.ts, the tests).
 */
type DevIntents = Pick<DevIntentRepository, 'get' | 'save'>

export interface DevProviderEvent {
  id: string
  object: 'event'
  type: string
  created: number
  livemode: false
  api_version: null
  pending_webhooks: 1
  request: { id: null; idempotency_key: null }
  data: { object: Record<string, unknown> & { id: string } }
}

const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000)

function event(type: string, object: Record<string, unknown> & { id: string }, now: Date): DevProviderEvent {
  return { id: `evt_dev_${randomBytes(12).toString('hex')}`, object: 'event', type, created: unixSeconds(now), livemode: false, api_version: null, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } }
}

const chargeId = (intent: DevIntent) => intent.latest_charge ?? `ch_dev_${intent.id}`

/** A refund as Stripe's API serializes one. */
const refundObject = (intent: DevIntent, r: DevRefund) => ({
  id: r.id,
  object: 'refund',
  amount: r.amount,
  charge: chargeId(intent),
  created: r.created,
  currency: intent.currency,
  failure_reason: r.failure_reason ?? null,
  metadata: r.metadata ?? {},
  payment_intent: intent.id,
  reason: null,
  status: r.status,
})

/** The charge as Stripe's API serializes one (the fields these events carry). */
const chargeObject = (intent: DevIntent) => ({
  id: chargeId(intent),
  object: 'charge',
  amount: intent.amount,
  amount_captured: intent.amount,
  amount_refunded: intent.amount_refunded ?? 0,
  currency: intent.currency,
  disputed: !!intent.dispute,
  payment_intent: intent.id,
  refunded: (intent.amount_refunded ?? 0) >= intent.amount,
  status: 'succeeded',
})

const disputeObject = (intent: DevIntent) => ({
  id: intent.dispute!.id,
  object: 'dispute',
  amount: intent.dispute!.amount,
  charge: chargeId(intent),
  created: intent.dispute!.created,
  currency: intent.currency,
  payment_intent: intent.id,
  reason: intent.dispute!.reason,
  status: intent.dispute!.status,
})

async function paidIntent(intents: DevIntents, paymentIntentId: string): Promise<DevIntent> {
  const intent = await intents.get(paymentIntentId)
  if (!intent || intent.status !== 'succeeded') throw new Error(`No paid dev payment ${paymentIntentId}`)
  return intent
}

/** The events of one refund as Stripe sends them: `charge.refunded` once money went back, `refund.created` or `refund.updated`. */
export function refundEvents(intent: DevIntent, refund: DevRefund, kind: 'created' | 'updated', now = new Date()): DevProviderEvent[] {
  const events = [event(`refund.${kind}`, refundObject(intent, refund), now)]
  if (kind === 'created') events.unshift(event('charge.refunded', chargeObject(intent), now))
  if (refund.status === 'failed') events.push(event('refund.failed', refundObject(intent, refund), now))
  return events
}

/** A refund made in the provider's dashboard: the whole unrefunded amount unless `amountCents` is given; `pending` settles later. */
export async function dashboardRefund(intents: DevIntents, paymentIntentId: string, { amountCents, pending = false, now = new Date() }: { amountCents?: number; pending?: boolean; now?: Date } = {}) {
  const intent = await paidIntent(intents, paymentIntentId)
  const left = intent.amount - (intent.amount_refunded ?? 0)
  const amount = amountCents ?? left
  if (!(amount > 0 && amount <= left)) throw new Error(`Refund amount must be 1 to ${left} cents`)
  const key = `dashboard_${randomBytes(8).toString('hex')}`
  const refund: DevRefund = { id: `re_dev_${createHash('sha256').update(`${intent.id}\n${key}`).digest('hex').slice(0, 24)}`, amount, idempotency_key: key, status: pending ? 'pending' : 'succeeded', created: unixSeconds(now) }
  const next: DevIntent = { ...intent, amount_refunded: (intent.amount_refunded ?? 0) + amount, refunds: [...(intent.refunds ?? []), refund] }
  await intents.save(next)
  return { refund, events: refundEvents(next, refund, 'created', now) }
}

/** A pending refund settles: succeeded, or failed (its money goes back on the charge). */
export async function settleDevRefund(intents: DevIntents, paymentIntentId: string, refundId: string, outcome: 'succeeded' | 'failed', now = new Date()) {
  const intent = await paidIntent(intents, paymentIntentId)
  const found = intent.refunds?.find((r) => r.id === refundId)
  if (!found) throw new Error(`No refund ${refundId} on ${paymentIntentId}`)
  const refund: DevRefund = { ...found, status: outcome, ...(outcome === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}) }
  const next: DevIntent = {
    ...intent,
    amount_refunded: (intent.amount_refunded ?? 0) - (outcome === 'failed' && found.status !== 'failed' ? found.amount : 0),
    refunds: intent.refunds!.map((r) => (r.id === refundId ? refund : r)),
  }
  await intents.save(next)
  return { refund, events: refundEvents(next, refund, 'updated', now) }
}

/** The customer's card issuer disputes the charge (all of what is left of it unless `amountCents` is given). */
export async function openDevDispute(intents: DevIntents, paymentIntentId: string, { amountCents, reason = 'fraudulent', now = new Date() }: { amountCents?: number; reason?: string; now?: Date } = {}) {
  const intent = await paidIntent(intents, paymentIntentId)
  const amount = amountCents ?? intent.amount - (intent.amount_refunded ?? 0)
  const next: DevIntent = { ...intent, dispute: { id: devDisputeId(intent.id), amount, status: 'needs_response', reason, created: unixSeconds(now) } }
  await intents.save(next)
  return { disputeId: next.dispute!.id, events: [event('charge.dispute.created', disputeObject(next), now), event('charge.dispute.funds_withdrawn', disputeObject(next), now)] }
}

/** The dispute is decided: won (the money comes back to the shop) or lost (it stays with the customer). */
export async function closeDevDispute(intents: DevIntents, paymentIntentId: string, outcome: 'won' | 'lost', now = new Date()) {
  const intent = await paidIntent(intents, paymentIntentId)
  if (!intent.dispute) throw new Error(`No dispute on ${paymentIntentId}`)
  const next: DevIntent = { ...intent, dispute: { ...intent.dispute, status: outcome } }
  await intents.save(next)
  const events = [event('charge.dispute.closed', disputeObject(next), now)]
  if (outcome === 'won') events.push(event('charge.dispute.funds_reinstated', disputeObject(next), now))
  return { disputeId: next.dispute!.id, events }
}
