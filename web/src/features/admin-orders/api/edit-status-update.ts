import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StatusUpdate } from '../types';

/** Staff messages only; a customer note is refused by the server. */
export function editStatusUpdate({ orderId, updateId, notes }: { orderId: string; updateId: string; notes: string }): Promise<StatusUpdate> {
  return api.patch<StatusUpdate>(`/admin/orders/${encodeURIComponent(orderId)}/updates/${encodeURIComponent(updateId)}`, { notes });
}

export function useEditStatusUpdate() {
  return useMutation({ mutationFn: editStatusUpdate });
}
