import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalStatus } from '@gs/shared/statuses';
import { api } from '../../../lib/api-client';
import { adminOrderKeys, type AdminOrder } from '../types';

export interface UpdateAdminOrderInput {
  version: number;
  firearmMake?: string;
  firearmModel?: string;
  serialNumber?: string;
  serviceType?: string;
  description?: string;
  estimatedCostCents?: number;
  currentStatus?: string;
  statusNote?: string | null;
  inboundTrackingNumber?: string | null;
  outboundTrackingNumber?: string | null;
  additionalCostCents?: number;
  additionalCostApprovalStatus?: ApprovalStatus;
  additionalCostApprovalNote?: string | null;
}

export function updateAdminOrder({ orderId, input }: { orderId: string; input: UpdateAdminOrderInput }): Promise<AdminOrder> {
  return api.patch<AdminOrder>(`/admin/orders/${encodeURIComponent(orderId)}`, input);
}

/** A stale `version` is a 409 (someone else saved first); the caller shows it. */
export function useUpdateAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminOrder,
    onSuccess: (_order, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
  });
}
