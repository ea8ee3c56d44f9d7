import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StatusUpdate } from '../types';

export function addStatusUpdate({ orderId, status, notes }: { orderId: string; status: string; notes?: string }): Promise<StatusUpdate> {
  return api.post<StatusUpdate>(`/admin/orders/${encodeURIComponent(orderId)}/updates`, { status, notes: notes || undefined });
}

/** The panel refreshes the list itself (500 ms after a save, admin-side §2). */
export function useAddStatusUpdate() {
  return useMutation({ mutationFn: addStatusUpdate });
}
