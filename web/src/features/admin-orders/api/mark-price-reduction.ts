import { useMutation } from '@tanstack/react-query';
import type { LedgerResult } from '@gs/shared/api-types';
import type { MarkPriceReductionInput } from '@gs/shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { useSyncLedger } from './sync-ledger';

/**
 * POST /api/admin/orders/{orderId}/payments/{paymentId}/price-reduction { reason } → 200 { order, payment }: a refund
 * made at the card provider (its ledger entry) was a price reduction: a discount of its amount, the bill goes down.
 * Marked already, the same answer.
 */
export function markPriceReduction({ orderId, paymentId, input }: { orderId: string; paymentId: string; input: MarkPriceReductionInput }): Promise<LedgerResult> {
  return api.post<LedgerResult>(`/admin/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/price-reduction`, input);
}

export function useMarkPriceReduction() {
  const sync = useSyncLedger();
  return useMutation({ mutationFn: markPriceReduction, onSuccess: sync });
}
