import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAdminOrderInput } from '@gs/shared/schemas/admin-orders';
import { api } from '@/lib/api-client';
import { adminOrderKeys, customerKeys } from '@/lib/query-keys';
import type { AdminOrder } from '../types';

export function createAdminOrder(input: CreateAdminOrderInput): Promise<AdminOrder> {
  return api.post<AdminOrder>('/admin/orders', input);
}

export function useCreateAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
