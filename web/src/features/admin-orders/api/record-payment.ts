import { useMutation } from '@tanstack/react-query';
import type { LedgerResult } from '@gs/shared/api-types';
import type { ShopPaymentInput } from '@gs/shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { useSyncLedger } from './sync-ledger';

/**
 * POST /api/admin/orders/{orderId}/payments → 201 { order, payment }: cash, a check or a card on the
 * shop's terminal, up to the balance. The same `requestId` again answers with what it recorded.
 */
export function recordPayment({ orderId, input }: { orderId: string; input: ShopPaymentInput }): Promise<LedgerResult> {
  return api.post<LedgerResult>(`/admin/orders/${encodeURIComponent(orderId)}/payments`, input);
}

export function useRecordPayment() {
  const sync = useSyncLedger();
  return useMutation({ mutationFn: recordPayment, onSuccess: sync });
}
