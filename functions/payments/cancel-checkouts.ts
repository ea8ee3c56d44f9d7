import { log } from '../lib/logger.ts'

/**
 * OrderRepositoryHooks.onCheckoutsClosed: an order write closed these checkouts (the order was
 * deleted, archived or repriced), so cancel their intents at the provider and a browser still
 * holding one cannot pay it. Best effort after the commit: a failure is logged, and a payment that
 * still arrives is recorded as a credit for staff (never lost); reconciliation reports it.
 */
export async function cancelClosedCheckouts(paymentIntentIds: string[]): Promise<void> {
  try {
    // Loaded on first use: most order writes close nothing, and the gateway is not small.
    const { paymentGateway } = await import('./index.ts')
    const gateway = await paymentGateway()
    for (const id of paymentIntentIds) {
      try {
        const after = await gateway.cancelIntent(id)
        if (after && after.status !== 'canceled') log.warn('a closed checkout could not be canceled at the provider', { paymentIntentId: id, status: after.status })
      } catch (err) {
        log.error('canceling a closed checkout at the provider failed', { paymentIntentId: id, error: String(err) })
      }
    }
  } catch (err) {
    log.error('no payment gateway to cancel closed checkouts', { paymentIntentIds, error: String(err) })
  }
}
