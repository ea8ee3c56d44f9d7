import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function deleteStatusUpdate({ orderId, updateId }: { orderId: string; updateId: string }): Promise<void> {
  return api.delete<void>(`/admin/orders/${encodeURIComponent(orderId)}/updates/${encodeURIComponent(updateId)}`);
}

export function useDeleteStatusUpdate() {
  return useMutation({ mutationFn: deleteStatusUpdate });
}
