import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';
import type { AdminOrder } from '../types';

/** Unarchive: back to the active list. */
export function unarchiveOrder(orderId: string): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/unarchive`);
}

export function useUnarchiveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}
