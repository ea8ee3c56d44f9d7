/** The shape every notification's title and context take (texts: notification-texts.ts, payment-notification-texts.ts). */

/** "Colt Python · GS-000123": shown under every notification's title (and the e-mail subject's suffix). */
export const notificationContext = (firearm: string, orderNumber: string) => `${firearm} · ${orderNumber}`

/** "Shipped: Colt Python (GS-000123)": what happened, the firearm and the order number. */
export const notificationTitle = (what: string, firearm: string, orderNumber: string) => `${what}: ${firearm} (${orderNumber})`

/**
 * An order or invoice number in running text (GS-000123, INV-000007): the SPA and the email keep each
 * on one line, never broken at its dash.
 */
export const ORDER_NUMBER_PATTERN = /\b[A-Z]{2,5}-\d{3,}\b/g

/** The text cut into plain pieces and order numbers (odd indexes), for rendering each number unbroken. */
export function splitOrderNumbers(text: string): string[] {
  return text.split(new RegExp(`(${ORDER_NUMBER_PATTERN.source})`, 'g'))
}
