import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order } from '../types';
import { orderKeys } from './query-keys';

export interface OrderList {
  items: Order[];
  cursor: string | null;
}

/** GET /api/orders: the caller's own orders, newest first. */
export function getOrders(): Promise<OrderList> {
  return api.get<OrderList>('/orders');
}

export function useOrders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: orderKeys.list(), queryFn: getOrders, enabled, select: (list) => list.items });
}
