import { useMutation } from '@tanstack/react-query';
import type { AddStatusUpdateInput } from '@gs/shared/schemas/admin-orders';
import { api } from '@/lib/api-client';
import type { StatusUpdate } from '../types';

/**
 * POST /api/admin/orders/{orderId}/updates. Like the edit form, a release status while a balance is
 * due is a 400 naming the balance unless `releaseOverrideReason` is given.
 */
export function addStatusUpdate({ orderId, status, notes, releaseOverrideReason, notifyCustomer, internal }: { orderId: string } & AddStatusUpdateInput): Promise<StatusUpdate> {
  return api.post<StatusUpdate>(`/admin/orders/${encodeURIComponent(orderId)}/updates`, {
    status,
    notes: notes || undefined,
    releaseOverrideReason: releaseOverrideReason || undefined,
    // Sent only when they differ from the defaults (notify, not internal).
    ...(internal ? { internal: true } : {}),
    ...(notifyCustomer === false ? { notifyCustomer: false } : {}),
  });
}

/** The panel refreshes the list itself (500 ms after a save). */
export function useAddStatusUpdate() {
  return useMutation({ mutationFn: addStatusUpdate });
}
