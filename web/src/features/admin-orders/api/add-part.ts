import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminOrderKeys, type Part } from '../types';

export interface AddPartInput {
  partName: string;
  partDescription?: string;
  partCostCents: number;
  quantity: number;
}

export function addPart({ orderId, input }: { orderId: string; input: AddPartInput }): Promise<Part> {
  return api.post<Part>(`/admin/orders/${encodeURIComponent(orderId)}/parts`, input);
}

/** The invoice moves with the parts: the order is re-read for its new numbers. */
export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPart,
    onSuccess: (_part, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
    },
  });
}
