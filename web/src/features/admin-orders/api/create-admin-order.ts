import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminOrderKeys, type AdminOrder } from '../types';

export interface CreateAdminOrderInput {
  customerId: string;
  firearmMake: string;
  firearmModel: string;
  serialNumber: string;
  firearmCaliber?: string;
  serviceType: string;
  description: string;
  estimatedCostCents: number;
  inboundTrackingNumber?: string;
}

export function createAdminOrder(input: CreateAdminOrderInput): Promise<AdminOrder> {
  return api.post<AdminOrder>('/admin/orders', input);
}

export function useCreateAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
  });
}
