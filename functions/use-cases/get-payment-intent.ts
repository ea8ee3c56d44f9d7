import { paymentMessages as m } from '@gs/shared/payment-messages'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import type { Checkout, PaymentSummary } from '../domain/payment.ts'
import { NotFoundError } from '../lib/errors.ts'

/**
 * A payment attempt of the caller, with the payments the webhook recorded for
 * it (none until then: the confirmation page polls this). Someone else's
 * intent is the same 404 as an unknown one. The webhook's success transaction
 * stores the payments on the checkout, so this is one GetItem (the read budget, test/integration/read-budget.test.ts); only a
 * checkout that succeeded before that was kept reads its payment items too.
 */
export async function getPaymentIntent({ payments, paymentIntentId, userId }: { payments: Pick<PaymentRepository, 'getCheckout' | 'paymentsForCheckout'>; paymentIntentId: string; userId: string }): Promise<{ checkout: Checkout; payments: PaymentSummary[] }> {
  const checkout = paymentIntentId ? await payments.getCheckout(paymentIntentId) : null
  if (!checkout || checkout.customerId !== userId) throw new NotFoundError(m.paymentNotFound)
  const recorded = checkout.status !== 'succeeded' ? [] : (checkout.payments ?? (await payments.paymentsForCheckout(checkout)))
  return { checkout, payments: [...recorded].sort((a, b) => checkout.orderIds.indexOf(a.orderId) - checkout.orderIds.indexOf(b.orderId)) }
}
