import type { CreatedIntent } from '@gs/shared/api-types';

// The payments API's shapes are in shared/ (CreatedIntent, PaymentIntentState, Payment); these are the pages' own.

/** The end of a card payment as the page sees it (Stripe may leave a payment "processing"). */
export interface PaymentOutcome {
  paymentIntentId: string;
  status: 'succeeded' | 'processing';
}

/** What a payment page asks of its card form. */
export interface PaymentRequest {
  /** Checked before anything is sent: an error message, or null. */
  validate?: () => string | null;
  /**
   * Called instead of showing validate's message in the card form: the page shows it by the field
   * it is about, and takes it away as soon as the field is corrected.
   */
  onInvalid?: (message: string) => void;
  /** When this changes (the amount the customer typed), the last error goes: it was about the old input. */
  resetKey?: unknown;
  /** Asks the server for an intent (it prices the payment from the stored invoices). */
  createIntent: () => Promise<CreatedIntent>;
  onSucceeded: (outcome: PaymentOutcome) => void;
}

/** The props of both card forms (Stripe Elements and the dev test form), loaded lazily by CardPayment. */
export interface CardFormProps {
  /** What the customer will be charged, for Stripe's element. */
  amountCents: number;
  submitLabel: string;
  disabled?: boolean;
  request: PaymentRequest;
  /** Where Stripe returns after a redirect (it appends payment_intent and redirect_status). */
  returnPath: string;
  /** The batch page has its own messages for some failures. */
  batch?: boolean;
  publishableKey: string | null;
}
