import { api } from '../../../lib/api-client';
import type { CreatedIntent } from '../types';

export interface CreateIntentInput {
  orderIds: string[];
  /** Only with one order: a partial payment. Without it the server charges the whole balances. */
  amountCents?: number;
  includeShipping: boolean;
}

/** POST /api/payments/intents: the server prices the payment from the stored invoices. */
export function createPaymentIntent(input: CreateIntentInput): Promise<CreatedIntent> {
  return api.post<CreatedIntent>('/payments/intents', input);
}
