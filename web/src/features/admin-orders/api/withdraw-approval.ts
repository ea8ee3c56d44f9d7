import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/** POST /api/admin/orders/{orderId}/approval-requests/{requestId}/withdraw → Order: its lines are drafts again (409 unless pending). */
export function withdrawApproval({ orderId, requestId }: { orderId: string; requestId: string }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/approval-requests/${encodeURIComponent(requestId)}/withdraw`);
}

export function useWithdrawApproval() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: withdrawApproval, onSuccess: sync });
}
