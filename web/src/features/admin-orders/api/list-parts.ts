import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminOrderKeys, type Part } from '../types';

export function listParts(orderId: string): Promise<{ items: Part[] }> {
  return api.get<{ items: Part[] }>(`/admin/orders/${encodeURIComponent(orderId)}/parts`);
}

export function useParts(orderId: string) {
  return useQuery({ queryKey: adminOrderKeys.parts(orderId), queryFn: () => listParts(orderId), staleTime: 0 });
}
