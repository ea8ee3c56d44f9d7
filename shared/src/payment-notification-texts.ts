/**
 * The texts of the notifications about money (payment received, failed, refunded) and the history
 * entry of an order paid in full; the others are in notification-texts.ts (see there).
 */
import { notificationTitle as titled } from './notification-format.ts'
import type { RefundMethod } from './payment-rules.ts'

export const paymentReceivedTexts = (firearm: string, orderNumber: string, amount: string, paidInFull: boolean) => ({
  title: titled('Payment Received', firearm, orderNumber),
  message: `We received your payment of ${amount}${paidInFull ? `: order ${orderNumber} is paid in full` : ` for order ${orderNumber}`}. Thank you!`,
})

/** A declined card payment, with the provider's reason ("Your card was declined."). */
export const paymentFailedTexts = (firearm: string, orderNumber: string, amount: string, reason: string) => ({
  title: titled('Payment Failed', firearm, orderNumber),
  message: `Your card payment of ${amount} for order ${orderNumber} did not go through. ${reason} Please try again.`,
})

const REFUND_WAYS: Record<RefundMethod, string> = { card: 'to your card', card_present: 'to your card', cash: 'in cash', check: 'by check' }

export const paymentRefundedTexts = (firearm: string, orderNumber: string, amount: string, method: RefundMethod) => ({
  title: titled('Refund Issued', firearm, orderNumber),
  message: `We refunded ${amount} ${REFUND_WAYS[method]} for order ${orderNumber}.`,
})

/** The history entry of an order a payment settles (its status becomes Payment Received). */
export const paidInFullTexts = {
  update: 'Payment received in full',
}
