// Texts of the payment pages, in the product's exact words.
export const paymentPageMessages = {
  missingOrder: 'Missing order information. Please go back and try again.',
  loadFailed: (reason: string) =>
    `Failed to load payment information: ${reason} Please try again or contact support if the problem persists.`,
  initFailed: 'Failed to initialize payment. Please try again later.',
  paymentFailed: (reason: string) => `Payment failed: ${reason}`,
  stillLoading: 'Payment system is still loading. Please wait a moment.',
  unexpected: 'An unexpected error occurred.',
  invalidAmount: 'Please enter a valid payment amount.',
  noOrdersSelected: 'No orders selected for payment.',
  noClientSecret: 'Could not retrieve client secret for payment confirmation',
  notCompleted: 'Payment was not completed successfully',
  cardElementMissing: 'Card element not found',
  confirmationNoOrder: 'Order ID is missing... Please return to your dashboard and try again.',
  confirmationNoInvoice: 'Could not retrieve invoice data',
  historyFailed: 'Failed to load payment history. Please try again later.',
  receiptProcessing: 'Your receipt is being processed and can take up to 24 hours to become available.',
  devCardNotice: 'Test mode: no real card is charged. Use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.',
} as const;

/** Texts of this app's own (not quoted in the spec). */
export const paymentUiMessages = {
  amountHint: (balance: string, minimum: string) =>
    `You can pay part of the balance: at least ${minimum}, leaving at least ${minimum} owing. Balance due: ${balance}.`,
  payFullBalance: (balance: string) => `Pay the full balance (${balance})`,
  paidRedirecting: 'Opening your payment confirmation…',
  noPaymentTitle: 'No Payment to Confirm',
  noPayment: 'There is no payment to confirm for this order.',
  paymentNotFound: 'This payment could not be found for this order.',
  pendingElsewhere: 'A card payment for this order is still being processed.',
  processingTitle: 'Payment Processing',
  processing: 'Your payment is being processed. This page updates on its own.',
  confirming: 'Confirming your payment…',
  stillProcessing:
    'Your payment is still processing. It can take up to 24 hours to complete; your order page will show it once it does.',
  failedTitle: 'Payment Not Completed',
  reviewTitle: 'Payment Under Review',
  review: 'Under review by the shop: the card provider has not confirmed this payment, so it is not counted as paid yet.',
  reviewNext: 'The shop has been alerted and will look into it. Please do not pay again before the shop contacts you.',
  checkFailed: 'We could not check the status of this payment.',
  updatingInvoice: 'Updating the invoice…',
  /** Stripe.js could not confirm an intent that was canceled or paid meanwhile (another tab started the payment again). */
  startedAgain: 'This payment was canceled or changed in another tab or window. Nothing was charged here: please reload the page and pay again.',
  notProcessed: 'We could not process your payment. Nothing was charged. Please try again.',
} as const;

/**
 * What the customer reads for an error Stripe.js reports while confirming: a declined card or a field to fix keeps
 * Stripe's words (written for the cardholder); anything else is the provider's own text for developers (another tab
 * canceled the intent, a request it refused), logged in the console and replaced by the product's message.
 */
export function stripeConfirmMessage(error: { type?: string; code?: string; message?: string }): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) return paymentPageMessages.paymentFailed(error.message);
  console.warn('the card provider refused the payment', error);
  if (error.code === 'payment_intent_unexpected_state') return paymentUiMessages.startedAgain;
  return paymentPageMessages.paymentFailed(paymentUiMessages.notProcessed);
}

/** A payment error whose message is shown to the customer as it is. */
export class PaymentError extends Error {
  override name = 'PaymentError';
}
