import { createHash, randomBytes } from 'node:crypto'
import type { DevIntent, DevIntentRepository } from '../db/repositories/dev-intents.ts'
import type { PaymentIntentEvent } from './stripe-events.ts'
import type { PaymentGateway } from './gateway.ts'
import { formatCents } from '@gs/shared/money'
import { paymentMessages } from '@gs/shared/payment-messages'
import { MIN_CHARGE_CENTS } from '@gs/shared/payment-rules'
import { ValidationError } from '../lib/errors.ts'

/**
 * The dev gateway (local stack without STRIPE_SECRET_KEY): the same
 * PaymentIntent life cycle, stored locally. Ids are derived from the
 * idempotency key, so the same key returns the same intent, as Stripe does.
 * There is no receipt in dev: receiptUrl stays null. Stripe's minimum charge applies.
 */
export function createDevGateway({ intents, now = () => new Date() }: { intents: Pick<DevIntentRepository, 'createIfAbsent' | 'get'>; now?: () => Date }): PaymentGateway {
  return {
    mode: 'dev',
    async createIntent(req) {
      // What Stripe answers for a charge under its minimum (an invalid request, before any intent exists).
      if (req.amountCents < MIN_CHARGE_CENTS) throw new ValidationError(paymentMessages.invalidRequest(`Amount must be at least ${formatCents(MIN_CHARGE_CENTS)} usd`))
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
        created: Math.floor(now().getTime() / 1000),
      })
      return { paymentIntentId: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount }
    },
    async retrieveIntent(paymentIntentId) {
      const intent = await intents.get(paymentIntentId)
      if (!intent) return null
      const received = intent.status === 'succeeded' ? intent.amount : 0
      return { id: intent.id, status: intent.status, amountCents: intent.amount, amountReceivedCents: received, currency: intent.currency, receiptUrl: null }
    },
  }
}

/** A Stripe-format event for a dev intent (what Stripe would POST to the webhook). */
export function devIntentEvent(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.processing', intent: DevIntent, now = new Date()): PaymentIntentEvent & Record<string, unknown> {
  return {
    id: `evt_dev_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: null,
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: intent.status === 'succeeded' ? intent.amount : 0,
        currency: intent.currency,
        status: intent.status,
        client_secret: intent.client_secret,
        description: intent.description ?? null,
        receipt_email: intent.receipt_email ?? null,
        metadata: intent.metadata ?? {},
        latest_charge: intent.latest_charge ?? null,
        last_payment_error: intent.last_payment_error ?? null,
        created: intent.created,
      } as PaymentIntentEvent['data']['object'],
    },
  }
}
