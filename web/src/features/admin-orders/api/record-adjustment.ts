import { useMutation } from '@tanstack/react-query';
import type { LedgerResult } from '@gs/shared/api-types';
import type { AdjustmentInput } from '@gs/shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { useSyncLedger } from './sync-ledger';

/**
 * POST /api/admin/orders/{orderId}/adjustments → 201 { order, payment }: a discount or write-off with
 * its reason, up to the balance. The same `requestId` again answers with what it recorded.
 */
export function recordAdjustment({ orderId, input }: { orderId: string; input: AdjustmentInput }): Promise<LedgerResult> {
  return api.post<LedgerResult>(`/admin/orders/${encodeURIComponent(orderId)}/adjustments`, input);
}

export function useRecordAdjustment() {
  const sync = useSyncLedger();
  return useMutation({ mutationFn: recordAdjustment, onSuccess: sync });
}
