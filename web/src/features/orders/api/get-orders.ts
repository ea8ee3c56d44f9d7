import { useQuery } from '@tanstack/react-query';
import type { Order, Page } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';

/** GET /api/orders: the caller's own orders, newest first. */
export function getOrders(): Promise<Page<Order>> {
  return api.get<Page<Order>>('/orders');
}

export function useOrders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: orderKeys.list(), queryFn: getOrders, enabled, select: (list) => list.items });
}
