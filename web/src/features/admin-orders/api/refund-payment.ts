import { useMutation } from '@tanstack/react-query';
import type { LedgerResult } from '@gs/shared/api-types';
import type { RefundInput } from '@gs/shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { useSyncLedger } from './sync-ledger';

/**
 * POST /api/admin/orders/{orderId}/payments/{paymentId}/refunds → 201 { order, payment }: part or all
 * of a payment or credit not yet refunded. `card` goes back through the card provider (a refusal is a
 * 400 or 402 with its reason; the refund entry is then failed); the other methods record money
 * handed back in the shop. The same `requestId` again answers with what it recorded.
 */
export function refundPayment({ orderId, paymentId, input }: { orderId: string; paymentId: string; input: RefundInput }): Promise<LedgerResult> {
  return api.post<LedgerResult>(`/admin/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/refunds`, input);
}

export function useRefundPayment() {
  const sync = useSyncLedger();
  return useMutation({ mutationFn: refundPayment, onSuccess: sync });
}
