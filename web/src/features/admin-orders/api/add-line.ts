import { useMutation } from '@tanstack/react-query';
import type { AddLineInput } from '@gs/shared/schemas/admin-orders';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/** POST /api/admin/orders/{orderId}/lines → 201 Order: a part, labor or other charge, billed at once unless it needs approval. */
export function addLine({ orderId, input }: { orderId: string; input: AddLineInput }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/lines`, input);
}

export function useAddLine() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: addLine, onSuccess: sync });
}
