import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CreatedIntent } from '@gs/shared/api-types';
import type { CreateIntentInput } from '@gs/shared/schemas/payments';
import { api, ApiError } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';

/** POST /api/payments/intents: the server prices the payment from the stored invoices. */
export function createPaymentIntent(input: CreateIntentInput): Promise<CreatedIntent> {
  return api.post<CreatedIntent>('/payments/intents', input);
}

/** The server's 409 for a bill that changed since the customer confirmed it (nothing was charged). */
export const isBillChanged = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'bill_changed';

/**
 * createPaymentIntent for a payment page, with the balance the page shows as the one the customer confirmed. When the
 * bill changed since, the orders are read again, so the page shows the new amount (and its Pay button says it) while
 * the server's message asks the customer to pay again.
 */
export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: CreateIntentInput & { confirmedBalanceCents: number }) => {
      try {
        return await createPaymentIntent(input);
      } catch (error) {
        if (isBillChanged(error)) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        throw error;
      }
    },
    [queryClient],
  );
}
