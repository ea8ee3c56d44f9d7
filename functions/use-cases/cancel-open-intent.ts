import { log } from '../lib/logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'

/**
 * Cancels an open PaymentIntent at the provider before another payment of the same money is taken (a new card
 * checkout, a payment in the shop). 'canceled' when it can never be paid (canceled now or before, or the provider
 * has no such intent); otherwise the provider's status that prevents it ('succeeded', 'processing'), and the
 * caller refuses. A succeeded one is recorded first when the caller can (`recordPaid`: the webhook's own path,
 * exactly once), so what the customer paid shows at once; a failure to record it is logged and left to the
 * webhook and reconciliation.
 */
export async function cancelOpenIntent({
  gateway,
  paymentIntentId,
  recordPaid,
}: {
  gateway: Pick<PaymentGateway, 'cancelIntent'>
  paymentIntentId: string
  recordPaid?: (paymentIntentId: string) => Promise<unknown>
}): Promise<string> {
  const after = await gateway.cancelIntent(paymentIntentId)
  if (!after || after.status === 'canceled') return 'canceled'
  log.warn('an open payment intent could not be canceled', { paymentIntentId, status: after.status })
  if (after.status === 'succeeded' && recordPaid) {
    try {
      await recordPaid(paymentIntentId)
    } catch (err) {
      log.error('a paid open intent could not be recorded before its webhook', { paymentIntentId, error: String(err) })
    }
  }
  return after.status
}
