import { randomBytes } from 'node:crypto'
import { DEV_DECLINE_CARD, DEV_SUCCESS_CARD, paymentMessages as m } from '@gs/shared/payment-messages'
import type { DevIntent, DevIntentRepository } from '../db/repositories/dev-intents.ts'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import { NotFoundError, PaymentFailedError, ValidationError } from '../lib/errors.ts'
import { devIntentEvent } from '../payments/dev-gateway.ts'
import type { PaymentIntentEvent } from '../payments/stripe-events.ts'

interface ConfirmDevPayment {
  intents: Pick<DevIntentRepository, 'get' | 'transition'>
  payments: Pick<PaymentRepository, 'getCheckout'>
  /** Sends a Stripe-format event to the webhook, signed as Stripe signs it; throws when the webhook does not accept it. */
  deliver: (event: PaymentIntentEvent & Record<string, unknown>) => Promise<void>
  paymentIntentId: string
  userId: string
  cardNumber: string
  now?: () => Date
}

/**
 * The dev payments mode's stand-in for Stripe.js confirmCardPayment: the test
 * card 4242… succeeds, 4000…0002 is declined; either way the outcome reaches
 * the app only through a signed event delivered to the webhook, as with Stripe.
 * Confirming an intent that already succeeded re-delivers its event (what
 * Stripe's retries do) and answers succeeded again.
 */
export async function confirmDevPayment({ intents, payments, deliver, paymentIntentId, userId, cardNumber, now = () => new Date() }: ConfirmDevPayment): Promise<{ paymentIntentId: string; status: 'succeeded' }> {
  const checkout = paymentIntentId ? await payments.getCheckout(paymentIntentId) : null
  const intent = checkout && checkout.customerId === userId && checkout.mode === 'dev' ? await intents.get(paymentIntentId) : null
  if (!checkout || !intent) throw new NotFoundError(m.paymentNotFound)

  if (intent.status === 'succeeded') {
    if (checkout.status !== 'succeeded') await deliver(devIntentEvent('payment_intent.succeeded', intent, now()))
    return { paymentIntentId, status: 'succeeded' }
  }
  // As Stripe: a canceled intent (replaced by a newer checkout, or its order deleted) can never be paid.
  if (intent.status === 'canceled') throw new ValidationError(m.intentCanceled)
  const card = cardNumber.replace(/[\s-]/g, '')
  if (card === DEV_SUCCESS_CARD) {
    const done: DevIntent = { ...intent, status: 'succeeded', latest_charge: `ch_dev_${randomBytes(12).toString('hex')}`, charge_created: Math.floor(now().getTime() / 1000), last_payment_error: null }
    if (!(await intents.transition(intent, done))) throw new ValidationError(m.intentCanceled)
    await deliver(devIntentEvent('payment_intent.succeeded', done, now()))
    return { paymentIntentId, status: 'succeeded' }
  }
  if (card === DEV_DECLINE_CARD) {
    const declined: DevIntent = {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: m.cardDeclined },
    }
    if (!(await intents.transition(intent, declined))) throw new ValidationError(m.intentCanceled)
    await deliver(devIntentEvent('payment_intent.payment_failed', declined, now()))
    throw new PaymentFailedError(m.cardDeclined)
  }
  throw new ValidationError(m.useTestCard, { cardNumber: m.useTestCard })
}
