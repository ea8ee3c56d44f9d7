import { createHash, randomBytes } from 'node:crypto'
import type { DevIntent, DevIntentRepository, DevRefund } from '../db/repositories/dev-intents.ts'
import type { PaymentIntentEvent } from './stripe-events.ts'
import type { PaymentGateway, ProviderCharge, ProviderDispute, ProviderIntent, ProviderRefund, ProviderRefundDetail, RefundRequest } from './gateway.ts'
import { formatCents } from '@gs/shared/money'
import { paymentMessages } from '@gs/shared/payment-messages'
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS } from '@gs/shared/payment-rules'
import { PaymentProviderError, ValidationError } from '../lib/errors.ts'
import { ConcurrentChange, retryOnConflict } from '../lib/retry.ts'

type DevIntents = Pick<DevIntentRepository, 'createIfAbsent' | 'get' | 'markCanceled' | 'addRefund' | 'listCharged' | 'takeOutage'>

// A cancel or refund is a conditional write on the intent as read: a lost race means another write won, and the
// call reads again on the one retry policy (lib/retry.ts), so as many concurrent calls on one intent as it has
// attempts always get an answer.

/** Stripe's own reason, used for the cancels this app asks for (a customer starting over, an abandoned checkout). */
const CANCELLATION_REASON = 'requested_by_customer'

const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000)
/** Stripe keeps amount_received once paid (refunds are on the charge), and so does the dev intent. */
const amountReceived = (intent: DevIntent) => (intent.status === 'succeeded' ? intent.amount : 0)
/** What Stripe answers for a bad request, as mapStripeError maps it. */
const invalidRequest = (message: string) => new ValidationError(paymentMessages.invalidRequest(message))
/** What Stripe answers when another request holds the object (lock_timeout), as mapStripeError maps it. */
/** What Stripe's 500 becomes (mapStripeError): the dev provider's outage answers it to a creation (npm run dev-provider -- outage). */
const down = () => new PaymentProviderError(paymentMessages.processingError('An error occurred with our connection to Stripe.'))
const busy = () => new PaymentProviderError(paymentMessages.processingError('This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request.'))

function toProviderIntent(intent: DevIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    amountReceivedCents: amountReceived(intent),
    currency: intent.currency,
    // No receipt in dev: nothing would serve one.
    receiptUrl: null,
    clientSecret: intent.client_secret,
    lastPaymentError: intent.last_payment_error?.message ?? null,
    created: intent.created,
    metadata: { ...(intent.metadata ?? {}) },
  }
}

/** A paid dev intent's charge, as Stripe's Charge reports one: captured, refunded, disputed. */
function toProviderCharge(intent: DevIntent): ProviderCharge {
  return {
    id: intent.latest_charge ?? `ch_dev_${intent.id}`,
    paymentIntentId: intent.id,
    created: intent.charge_created ?? 0,
    amountCents: amountReceived(intent),
    amountRefundedCents: intent.amount_refunded ?? 0,
    currency: intent.currency,
    receiptUrl: null,
    disputeStatus: intent.dispute?.status ?? null,
  }
}

/** Same intent and key, same refund id: what makes a retried refund recognisable in the stored list. */
const refundId = (paymentIntentId: string, idempotencyKey: string) => `re_dev_${createHash('sha256').update(`${paymentIntentId}\n${idempotencyKey}`).digest('hex').slice(0, 24)}`

const asProviderRefund = (r: DevRefund): ProviderRefund => ({ refundId: r.id, status: r.status, amountCents: r.amount })

/**
 * Why Stripe would refuse this refund of `intent` (its wording), or null. The stored refund of the same
 * key is checked before this: a retry of a refund that used up the charge still answers that refund.
 */
function refundProblem(intent: DevIntent, amountCents: number): string | null {
  if (intent.status !== 'succeeded') return `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`
  const unrefunded = amountReceived(intent) - (intent.amount_refunded ?? 0)
  if (unrefunded <= 0) return `Charge ${intent.latest_charge ?? intent.id} has already been refunded.`
  if (amountCents > unrefunded) return `Refund amount (${formatCents(amountCents)}) is greater than unrefunded amount on charge (${formatCents(unrefunded)})`
  return null
}

/**
 * The dev gateway (local stack without STRIPE_SECRET_KEY): the same
 * PaymentIntent life cycle, stored locally. Ids are derived from the
 * idempotency key, so the same key returns the same intent, as Stripe does.
 * There is no receipt in dev: receiptUrl stays null. Stripe's minimum charge applies,
 * and cancels and refunds follow Stripe's rules and wording.
 */
export function createDevGateway({ intents, now = () => new Date() }: { intents: DevIntents; now?: () => Date }): PaymentGateway {
  return {
    mode: 'dev',
    async createIntent(req) {
      // What Stripe answers for a charge under its minimum (an invalid request, before any intent exists).
      if (req.amountCents < MIN_CHARGE_CENTS) throw invalidRequest(`Amount must be at least ${formatCents(MIN_CHARGE_CENTS)} usd`)
      if (req.amountCents > MAX_CHARGE_CENTS) throw invalidRequest(`Amount must be no more than ${formatCents(MAX_CHARGE_CENTS)}`)
      if (await intents.takeOutage()) throw down()
      const id = `pi_dev_${createHash('sha256').update(req.idempotencyKey).digest('hex').slice(0, 24)}`
      const intent = await intents.createIfAbsent({
        id,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amount: req.amountCents,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: req.metadata,
        receipt_email: req.receiptEmail,
        description: req.description,
        idempotency_key: req.idempotencyKey,
        created: unixSeconds(now()),
      })
      return { paymentIntentId: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount }
    },
    async retrieveIntent(paymentIntentId) {
      const intent = await intents.get(paymentIntentId)
      return intent && toProviderIntent(intent)
    },
    async cancelIntent(paymentIntentId) {
      return retryOnConflict(
        async () => {
          const intent = await intents.get(paymentIntentId)
          if (!intent) return null
          // Stripe refuses to cancel these; the caller gets the status that prevents it (or 'canceled', nothing to do).
          if (intent.status !== 'requires_payment_method') return { status: intent.status }
          const change = { canceled_at: unixSeconds(now()), cancellation_reason: CANCELLATION_REASON }
          if (await intents.markCanceled(intent, change)) return { status: 'canceled' }
          // Paid or canceled meanwhile: read it again.
          throw new ConcurrentChange('The intent changed since it was read')
        },
        { exhausted: busy },
      )
    },
    async refund(req) {
      if (!Number.isInteger(req.amountCents) || req.amountCents < 1) throw invalidRequest('Invalid positive integer')
      if (await intents.takeOutage()) throw down()
      return retryOnConflict(
        async () => {
          const intent = await intents.get(req.paymentIntentId)
          if (!intent) throw invalidRequest(`No such payment_intent: '${req.paymentIntentId}'`)
          const done = intent.refunds?.find((r) => r.idempotency_key === req.idempotencyKey)
          if (done) return sameRequest(done, req)
          const problem = refundProblem(intent, req.amountCents)
          if (problem) throw invalidRequest(problem)
          const refund: DevRefund = { id: refundId(intent.id, req.idempotencyKey), amount: req.amountCents, idempotency_key: req.idempotencyKey, status: 'succeeded', created: unixSeconds(now()), metadata: req.metadata }
          if (await intents.addRefund(intent, refund)) return asProviderRefund(refund)
          // Another refund (maybe this same key, retried) was written since the read: re-check against it.
          throw new ConcurrentChange('The intent changed since it was read')
        },
        { exhausted: busy },
      )
    },
    async findRefund({ paymentIntentId, idempotencyKeys }) {
      const intent = await intents.get(paymentIntentId)
      const made = intent?.refunds?.find((r) => idempotencyKeys.includes(r.idempotency_key))
      return made ? asProviderRefund(made) : null
    },
    async *listSucceededCharges({ since, until, pageSize }) {
      const limit = Math.max(1, Math.floor(pageSize))
      let cursor: string | null = null
      // One Query a page, the next only when the caller asks for more, as the Stripe SDK pages the charges list.
      do {
        const page = await intents.listCharged({ since: unixSeconds(since), until: unixSeconds(until) }, { limit, cursor })
        for (const intent of page.items) if (intent.status === 'succeeded') yield toProviderCharge(intent)
        cursor = page.cursor
      } while (cursor)
    },
    listRefunds: async (paymentIntentId) => devRefundsOf(await intents.get(paymentIntentId)),
    retrieveDispute: async (disputeId) => devDisputeOf(await intents.get(devDisputeIntentId(disputeId)), disputeId),
  }
}

/** A dev dispute's id names its intent (`dp_` + the intent's id): the provider's lookup by dispute id without an index. */
export const devDisputeId = (paymentIntentId: string) => `dp_${paymentIntentId}`
const devDisputeIntentId = (disputeId: string) => disputeId.replace(/^dp_/, '')

function devRefundsOf(intent: DevIntent | null): ProviderRefundDetail[] {
  return (intent?.refunds ?? []).map((r) => ({
    refundId: r.id,
    paymentIntentId: intent!.id,
    status: r.status,
    amountCents: r.amount,
    created: r.created,
    metadata: { ...(r.metadata ?? {}) },
    failureReason: r.failure_reason ?? null,
  }))
}

function devDisputeOf(intent: DevIntent | null, disputeId: string): ProviderDispute | null {
  const d = intent?.dispute
  if (!intent || !d || d.id !== disputeId) return null
  return { id: d.id, paymentIntentId: intent.id, amountCents: d.amount, status: d.status, reason: d.reason }
}

/** Stripe answers a reused idempotency key with the first result, unless the parameters differ (then it refuses). */
function sameRequest(done: DevRefund, req: RefundRequest): ProviderRefund {
  if (done.amount !== req.amountCents) {
    throw new PaymentProviderError(
      paymentMessages.processingError(`Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${req.idempotencyKey}' if you meant to execute a different request.`),
    )
  }
  return asProviderRefund(done)
}

export type DevIntentEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.processing' | 'payment_intent.canceled'

/** The intent as Stripe's API serializes a PaymentIntent (the fields a card PaymentIntent has). */
function paymentIntentObject(intent: DevIntent) {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_capturable: 0,
    amount_received: amountReceived(intent),
    automatic_payment_methods: { enabled: true },
    canceled_at: intent.canceled_at ?? null,
    cancellation_reason: intent.cancellation_reason ?? null,
    capture_method: 'automatic',
    client_secret: intent.client_secret,
    confirmation_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    customer: null,
    description: intent.description ?? null,
    last_payment_error: intent.last_payment_error ?? null,
    latest_charge: intent.latest_charge ?? null,
    livemode: false,
    metadata: intent.metadata ?? {},
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    receipt_email: intent.receipt_email ?? null,
    status: intent.status,
  }
}

/** A Stripe-format event for a dev intent (what Stripe would POST to the webhook). */
export function devIntentEvent(type: DevIntentEventType, intent: DevIntent, now = new Date()): PaymentIntentEvent & Record<string, unknown> {
  return {
    id: `evt_dev_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: null,
    created: unixSeconds(now),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: paymentIntentObject(intent) },
  }
}
