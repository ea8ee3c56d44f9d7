import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminOrderKeys, type AdminOrder } from '../types';

export function requestApproval({ orderId, reason }: { orderId: string; reason: string }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/approval-request`, { reason });
}

/** Sets approval to pending and notifies the customer. */
export function useRequestApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestApproval,
    onSuccess: (_order, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
    },
  });
}
