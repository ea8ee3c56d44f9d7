import { useMutation } from '@tanstack/react-query';
import type { EditStatusUpdateInput } from '@gs/shared/schemas/admin-orders';
import { api } from '@/lib/api-client';
import type { StatusUpdate } from '../types';

/** Staff messages only; a customer note is refused by the server. */
export function editStatusUpdate({ orderId, updateId, ...input }: { orderId: string; updateId: string } & EditStatusUpdateInput): Promise<StatusUpdate> {
  return api.patch<StatusUpdate>(`/admin/orders/${encodeURIComponent(orderId)}/updates/${encodeURIComponent(updateId)}`, input);
}

export function useEditStatusUpdate() {
  return useMutation({ mutationFn: editStatusUpdate });
}
