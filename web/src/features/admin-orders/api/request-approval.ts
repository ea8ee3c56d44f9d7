import { useMutation } from '@tanstack/react-query';
import type { ApprovalRequestInput } from '@gs/shared/schemas/admin-orders';
import { api } from '@/lib/api-client';
import type { AdminOrder } from '../types';
import { useSyncAdminOrder } from './sync-order';

/**
 * POST /api/admin/orders/{orderId}/approval-request → Order: the chosen unbilled lines wait for the
 * customer's answer, who is notified. A request for $0 is a 400; one while another waits is a 409.
 */
export function requestApproval({ orderId, input }: { orderId: string; input: ApprovalRequestInput }): Promise<AdminOrder> {
  return api.post<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}/approval-request`, input);
}

export function useRequestApproval() {
  const sync = useSyncAdminOrder();
  return useMutation({ mutationFn: requestApproval, onSuccess: sync });
}
