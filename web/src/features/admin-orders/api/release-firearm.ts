import { useMutation } from '@tanstack/react-query';
import type { ReleaseFirearmInput } from '@gs/shared/schemas/book-release';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/**
 * POST /api/admin/orders/{orderId}/release → 200 Order: shipped (→ Shipped) or picked up (→ Order Closed), with
 * the A&D disposition entry in the same transaction. A balance due needs `releaseOverrideReason`; 409 on a stale version.
 */
export function releaseFirearm({ orderId, input }: { orderId: string; input: ReleaseFirearmInput }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/release`, input);
}

export function useReleaseFirearm() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: releaseFirearm, onSuccess: sync });
}
