import type { CreatedIntent } from '@gs/shared/api-types';
import type { CreateIntentInput } from '@gs/shared/schemas/payments';
import { api } from '@/lib/api-client';

/** POST /api/payments/intents: the server prices the payment from the stored invoices. */
export function createPaymentIntent(input: CreateIntentInput): Promise<CreatedIntent> {
  return api.post<CreatedIntent>('/payments/intents', input);
}
