import { formatCents } from '@gs/shared/money'
import { paymentFailedTexts, paymentReceivedTexts, paymentRefundedTexts } from '@gs/shared/payment-notification-texts'
import type { RefundMethod } from '@gs/shared/payment-rules'
import { notification, type NotificationOf } from './notifications.ts'

// The payments' notifications (the webhook, shop payments, refunds): see notifications.ts.

/** One per payment and order (card, or recorded in the shop); says so when it settles the order. */
export const paymentReceivedNotification = (n: NotificationOf & { amountCents: number; paidInFull: boolean }) =>
  notification(n, 'payment_received', (f, o) => paymentReceivedTexts(f, o, formatCents(n.amountCents), n.paidInFull), { essential: true })

/** A declined card payment, with the provider's reason. */
export const paymentFailedNotification = (n: NotificationOf & { amountCents: number; reason: string }) =>
  notification(n, 'payment_failed', (f, o) => paymentFailedTexts(f, o, formatCents(n.amountCents), n.reason))

/** Money given back (to the card once the provider took the refund, or in the shop). */
export const paymentRefundedNotification = (n: NotificationOf & { amountCents: number; method: RefundMethod }) =>
  notification(n, 'payment_refunded', (f, o) => paymentRefundedTexts(f, o, formatCents(n.amountCents), n.method), { essential: true })
