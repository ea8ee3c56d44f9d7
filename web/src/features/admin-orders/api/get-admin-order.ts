import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';
import type { AdminOrderDetail } from '../types';

export function getAdminOrder(orderId: string): Promise<AdminOrderDetail> {
  return api.get<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(orderId)}`);
}

/** The order with its updates (newest first), parts and payments. */
export function useAdminOrder(orderId: string, { refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: adminOrderKeys.detail(orderId),
    queryFn: () => getAdminOrder(orderId),
    refetchInterval,
    staleTime: 0,
  });
}
