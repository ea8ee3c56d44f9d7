/**
 * The staff inbox of customer messages (docs/business-rules.md, "The inbox"): its words, and the kind and recipient
 * of the email each message sends the shop.
 */

export const INBOX_TEXTS = {
  title: 'Inbox',
  intro: 'Orders with a customer message no one has answered yet, the oldest first. A reply the customer sees, or Mark handled, takes an order off.',
  empty: 'No customer messages waiting.',
  loadFailed: 'The inbox could not be loaded.',
  openOrder: 'Open order',
  markHandled: 'Mark handled',
  markHandledFailed: 'The message could not be marked handled. Please try again.',
  handled: 'Marked handled.',
  unassigned: 'Unassigned',
  assigned: 'Gunsmith',
  customer: 'Customer',
  received: 'Received',
  /** The editor's banner and the order list's marker. */
  waiting: 'Customer message waiting',
  waitingSince: (when: string) => `Waiting since ${when}`,
  marker: 'Message waiting',
  messages: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
  /** The header badge's accessible name. */
  badgeLabel: (n: number) => (n === 0 ? 'Inbox, no customer messages waiting' : n === 1 ? 'Inbox, 1 order with a customer message waiting' : `Inbox, ${n} orders with customer messages waiting`),
} as const

/** Settings → Email Settings. */
export const SHOP_MESSAGE_SETTING = {
  label: 'Email the shop about each customer message',
  hint: "Sent to the shop's email under General. Every message is on the Inbox either way.",
  saved: 'Saved.',
  failed: 'The setting could not be saved. Please try again.',
  noShopEmail: 'Add an email under General: until then no message is emailed.',
} as const

/** The notification kind of the shop's email about a customer message (stored for the shop, never shown to a customer). */
export const SHOP_MESSAGE_KIND = 'customer_message'
/** The notifications partition of the shop's emails (no customer's user id can be this: theirs are UUIDs). */
export const SHOP_RECIPIENT = 'shop'

/** The shop email's subject: the order number and the firearm. */
export const shopMessageSubject = (orderNumber: string, firearm: string) => `Customer message on ${orderNumber}: ${firearm}`
