import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StatusUpdate } from '../types';

/** POST /api/orders/{orderId}/notes { text } → 201 StatusUpdate (status customer_note). */
export function addOrderNote({ orderId, text }: { orderId: string; text: string }): Promise<StatusUpdate> {
  return api.post<StatusUpdate>(`/orders/${encodeURIComponent(orderId)}/notes`, { text });
}

export function useAddOrderNote() {
  return useMutation({ mutationFn: addOrderNote });
}
