import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrderKeys, customerKeys } from '@/lib/query-keys';
import type { AdminOrder } from '../types';

/** Soft delete: the order is kept but hidden from every list. */
export function deleteOrder(orderId: string): Promise<AdminOrder> {
  return api.delete<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}`);
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
