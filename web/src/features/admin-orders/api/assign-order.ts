import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';

/** POST /api/admin/orders/{orderId}/assignment { gunsmithId | null } */
export function useAssignOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, gunsmithId }: { orderId: string; gunsmithId: string | null }) => api.post<Order>(`/admin/orders/${encodeURIComponent(orderId)}/assignment`, { gunsmithId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}
