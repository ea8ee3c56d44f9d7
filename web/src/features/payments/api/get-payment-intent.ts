import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PaymentIntentState } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

export const INTENT_POLL_MS = 2_000;
/** After this the page stops asking and says the payment is still processing (it may take up to 24 hours). */
export const INTENT_POLL_LIMIT_MS = 120_000;

/** GET /api/payments/intents/{id}. */
export function getPaymentIntent(paymentIntentId: string): Promise<PaymentIntentState> {
  return api.get<PaymentIntentState>(`/payments/intents/${encodeURIComponent(paymentIntentId)}`);
}

/** Succeeded, failed, or under review (the provider did not confirm it: staff decide, polling would not change it). */
const settled = (state: PaymentIntentState | undefined) => state?.status === 'succeeded' || state?.status === 'failed' || state?.status === 'under_review';

/** Polls an intent every 2 s until the webhook has recorded its outcome, for at most ~2 minutes. */
export function usePaymentIntent(paymentIntentId: string | null) {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    setGaveUp(false);
    if (!paymentIntentId) return;
    const timer = setTimeout(() => setGaveUp(true), INTENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [paymentIntentId]);

  const query = useQuery({
    queryKey: paymentKeys.intent(paymentIntentId ?? ''),
    queryFn: () => getPaymentIntent(paymentIntentId!),
    enabled: Boolean(paymentIntentId),
    refetchInterval: (q) => (gaveUp || settled(q.state.data) || q.state.status === 'error' ? false : INTENT_POLL_MS),
  });
  return { ...query, gaveUp: gaveUp && !settled(query.data) };
}
