import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAdminOrderInput } from '@gs/shared/schemas/admin-orders';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/**
 * PATCH /api/admin/orders/{orderId}. A release status (ready for pickup, shipped, delivered, closed)
 * while a balance is due is a 400 naming the balance unless `releaseOverrideReason` is given.
 */
export function updateAdminOrder({ orderId, input }: { orderId: string; input: UpdateAdminOrderInput }): Promise<AdminOrder> {
  return api.patch<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}`, input);
}

/** A stale `version` is a 409 (someone else saved first); the caller shows it. */
export function useUpdateAdminOrder() {
  const queryClient = useQueryClient();
  const sync = useSyncAdminOrder();
  return useMutation({
    mutationFn: updateAdminOrder,
    onSuccess: (order) => {
      sync(order);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
