import type { Payment } from '@gs/shared/api-types';

// The payments API's shapes (API.md; functions/api/payments/present.ts).

export type PaymentsMode = 'stripe' | 'dev';

export interface Allocation {
  orderId: string;
  amountCents: number;
}

/** POST /api/payments/intents → 201. */
export interface CreatedIntent {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  allocations: Allocation[];
  mode: PaymentsMode;
}

export type IntentStatus = 'pending' | 'processing' | 'succeeded' | 'failed';

/** GET /api/payments/intents/{id}: what the webhook has recorded so far. */
export interface PaymentIntentState {
  paymentIntentId: string;
  status: IntentStatus;
  amountCents: number;
  receiptUrl: string | null;
  allocations: Allocation[];
  payments: Payment[];
  failureMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export type { Payment };

/** The end of a card payment as the page sees it (Stripe may leave a payment "processing"). */
export interface PaymentOutcome {
  paymentIntentId: string;
  status: 'succeeded' | 'processing';
}
