import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminOrderKeys, type AdminOrder } from '../types';

/** Returns the order with its updated invoice. */
export function removePart({ orderId, partId }: { orderId: string; partId: string }): Promise<AdminOrder> {
  return api.delete<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/parts/${encodeURIComponent(partId)}`);
}

export function useRemovePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePart,
    onSuccess: (_order, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
    },
  });
}
