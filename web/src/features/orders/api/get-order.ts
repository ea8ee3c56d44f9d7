import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';
import type { OrderDetail } from '../types';

/** GET /api/orders/{orderId}: the order with its updates, parts and payments; someone else's is a 404. */
export function getOrder(orderId: string): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders/${encodeURIComponent(orderId)}`);
}

export function useOrder(orderId: string) {
  return useQuery({ queryKey: orderKeys.detail(orderId), queryFn: () => getOrder(orderId) });
}
