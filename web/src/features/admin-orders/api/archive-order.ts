import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';
import type { AdminOrder } from '../types';

/** Archive: off the active list, onto the archived one. */
export function archiveOrder(orderId: string): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/archive`);
}

export function useArchiveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}
