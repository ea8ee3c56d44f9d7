import { useMutation } from '@tanstack/react-query';
import type { ReceiveFirearmInput } from '@gs/shared/schemas/book-receive';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/**
 * POST /api/admin/orders/{orderId}/receive → 200 Order: the intake and the A&D acquisition entry in one
 * transaction (an order waiting for its firearm moves to Firearm Received). 400 with field errors, or
 * already received; 409 when the order changed since it was loaded (`version`).
 */
export function receiveFirearm({ orderId, input }: { orderId: string; input: ReceiveFirearmInput }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/receive`, input);
}

export function useReceiveFirearm() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: receiveFirearm, onSuccess: sync });
}
