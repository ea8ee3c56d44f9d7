/**
 * The texts of the notifications about an order's work (order created, status changes, shipped, staff notes,
 * approval requested); money's are in payment-notification-texts.ts, the title and context shapes in
 * notification-format.ts. Which events notify and how titles read: docs/business-rules.md, "Notifications". One
 * export per event, so that each route's code carries only the texts it writes.
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

/** The spec's approval notification, word for word; the context names the order. */
export const APPROVAL_TITLE = 'Action Required: Additional Costs'
export const approvalMessage = (note: string) => `Your order requires approval for additional costs: ${note}`

/** One item of an approval request as its message lists it: the amount already formatted (shared/src/money.ts). */
export interface ApprovalItem {
  name: string
  quantity: number
  amount: string
}

/**
 * The approval request's notification (always sent, never batched: it needs an answer): the title (the email's
 * subject) names the firearm and the order; the message lists each item, the total and what to do.
 */
export const approvalRequestTexts = (firearm: string, orderNumber: string, { reason, items, total }: { reason: string; items: ApprovalItem[]; total: string }) => ({
  title: `${APPROVAL_TITLE} — ${firearm}, order ${orderNumber}`,
  message: [
    approvalMessage(reason),
    '',
    ...items.map((i) => `- ${i.name} × ${i.quantity}: ${i.amount}`),
    `Total: ${total}`,
    '',
    "Please approve or decline the additional costs on your order's page.",
  ].join('\n'),
})

/**
 * Several changes to one order within the batching window, sent as one email and one text
 * (docs/notifications.md, "Batching"): titled by how many and the order, each change listed in order.
 */
export const digestTexts = (context: string, messages: string[]) => ({
  title: `${messages.length} updates: ${context}`,
  message: messages.map((m, i) => `${i + 1}. ${m}`).join('\n\n'),
})
