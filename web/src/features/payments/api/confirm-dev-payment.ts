import type { DevConfirmResult } from '@gs/shared/api-types';
import type { DevConfirmInput } from '@gs/shared/schemas/payments';
import { api } from '@/lib/api-client';

/**
 * POST /api/dev/payments/{id}/confirm { cardNumber } (local dev payments mode only): the stand-in
 * for Stripe.js. When it answers, the webhook has already recorded the payment; a declined card
 * is a 402 "Your card was declined." and the same intent can be confirmed again.
 */
export function confirmDevPayment({ paymentIntentId, ...input }: { paymentIntentId: string } & DevConfirmInput): Promise<DevConfirmResult> {
  return api.post<DevConfirmResult>(`/dev/payments/${encodeURIComponent(paymentIntentId)}/confirm`, input);
}
