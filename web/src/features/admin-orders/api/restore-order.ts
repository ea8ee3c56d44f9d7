import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrderKeys, customerKeys } from '@/lib/query-keys';
import type { AdminOrder } from '../types';

/** Undoes a soft delete, at the version the Deleted Orders list showed: back in the list it was deleted from. */
export function restoreOrder({ orderId, version }: { orderId: string; version: number }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/restore`, { version });
}

export function useRestoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
      // The customer list's order count and latest order.
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
