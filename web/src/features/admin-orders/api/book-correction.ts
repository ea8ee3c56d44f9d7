import { useMutation } from '@tanstack/react-query';
import type { BookCorrectionInput } from '@gs/shared/schemas/book-correction';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/**
 * POST /api/admin/book/{orderId}/corrections → 201 Order: a new book entry correcting the acquisition or the
 * disposition (the original never changes); `fields` holds only what changes, `version` is the order's.
 */
export function correctBookEntry({ orderId, input }: { orderId: string; input: BookCorrectionInput }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/book/${encodeURIComponent(orderId)}/corrections`, input);
}

export function useCorrectBookEntry() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: correctBookEntry, onSuccess: sync });
}
