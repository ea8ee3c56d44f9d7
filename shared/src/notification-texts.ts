/**
 * What the server writes into an order's history and the customer's notifications when something
 * happens to the order (here: it is paid in full). Apart from the page texts (payment-messages.ts), so
 * the write paths that record money do not load those.
 */
export const paidInFullTexts = {
  update: 'Payment received in full',
  notificationTitle: 'Payment Received',
  notificationMessage: (orderNumber: string) => `Payment received in full for order ${orderNumber}. Thank you!`,
}
