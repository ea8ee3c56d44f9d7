import { useMutation } from '@tanstack/react-query';
import type { AddNoteInput } from '@gs/shared/schemas/orders';
import { api } from '@/lib/api-client';
import type { StatusUpdate } from '../types';

/** POST /api/orders/{orderId}/notes { text } → 201 StatusUpdate (status customer_note). */
export function addOrderNote({ orderId, ...input }: { orderId: string } & AddNoteInput): Promise<StatusUpdate> {
  return api.post<StatusUpdate>(`/orders/${encodeURIComponent(orderId)}/notes`, input);
}

export function useAddOrderNote() {
  return useMutation({ mutationFn: addOrderNote });
}
