import { useMutation } from '@tanstack/react-query';
import type { BoxReceivedInput } from '@gs/shared/schemas/awaiting-intake';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/**
 * POST /api/admin/orders/{orderId}/box-received → 200 Order: records when the order's box arrived, before its intake
 * (the intake is due by the close of the next business day). 400 once received or already recorded, or for a time in
 * the future or before the order.
 */
export function recordBoxReceived({ orderId, input }: { orderId: string; input: BoxReceivedInput }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/box-received`, input);
}

export function useRecordBoxReceived() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: recordBoxReceived, onSuccess: sync });
}
