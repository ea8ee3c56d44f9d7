import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/**
 * DELETE /api/admin/orders/{orderId}/lines/{lineId} → Order. A line awaiting the customer's answer
 * is a 409; a removal that would bring the total below what was paid is a 400.
 */
export function removeLine({ orderId, lineId }: { orderId: string; lineId: string }): Promise<AdminOrder> {
  return api.delete<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(lineId)}`);
}

export function useRemoveLine() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: removeLine, onSuccess: sync });
}
