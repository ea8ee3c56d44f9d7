/**
 * The texts of the notifications about an order's work (order created, status changes, shipped,
 * staff notes, approval requested); those about money are in payment-notification-texts.ts, the
 * shape every title and context takes in notification-format.ts. functions/domain/notifications.ts
 * (and staff-message-notification.ts) build the notifications from them. Titles name the firearm and
 * the order number, "Shipped: Colt Python (GS-000123)"; the approval request keeps the spec's exact
 * title and message (admin-side §7), and like every notification carries the context
 * "Colt Python · GS-000123" that tells it apart. Which events notify: docs/business-rules.md.
 *
 * One export per event, and the payments' apart, so that each Lambda route carries only the texts
 * it writes (bundle budget, test/unit/bundle-budget.test.ts).
 */
import { notificationTitle as titled } from './notification-format.ts'

export const orderCreatedTexts = (firearm: string, orderNumber: string) => ({
  title: titled('Order Created', firearm, orderNumber),
  message: `We opened order ${orderNumber} for your ${firearm}. You can follow its progress here.`,
})

/** A status change, titled by the new status's label; with the staff member's note, when they wrote one. */
export const statusChangedTexts = (firearm: string, orderNumber: string, label: string, note?: string) => ({
  title: titled(label, firearm, orderNumber),
  message: `Your ${firearm} (order ${orderNumber}) is now ${label}.${noted(note)}`,
})

/** Shipped: with the tracking number, and the carrier when the number names one ("via UPS"). */
export const shippedTexts = (firearm: string, orderNumber: string, label: string, { trackingNumber, carrier, note }: { trackingNumber?: string; carrier?: string; note?: string }) => ({
  title: titled(label, firearm, orderNumber),
  message: `Your ${firearm} (order ${orderNumber}) has shipped${carrier ? ` via ${carrier}` : ''}${trackingNumber ? `, tracking number ${trackingNumber}` : ''}.${noted(note)}`,
})

const noted = (note?: string) => (note ? ` Note from the shop: ${note}` : '')

/** A message from staff that does not change the status: its text is the message. */
export const staffNoteTexts = (firearm: string, orderNumber: string, note: string) => ({
  title: titled('Message from the Shop', firearm, orderNumber),
  message: note,
})

/** The spec's approval notification (admin-side §7), word for word; the context names the order. */
export const APPROVAL_TITLE = 'Action Required: Additional Costs'
export const approvalMessage = (note: string) => `Your order requires approval for additional costs: ${note}`
