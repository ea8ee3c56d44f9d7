import { useQuery } from '@tanstack/react-query';
import type { Page, StatusUpdate } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';

/** The status history refreshes itself this often (customer-side §9). */
export const STATUS_HISTORY_REFRESH_MS = 30_000;

/** GET /api/orders/{orderId}/updates: status history and notes, newest first. */
export async function getOrderUpdates(orderId: string): Promise<StatusUpdate[]> {
  const { items } = await api.get<Page<StatusUpdate>>(`/orders/${encodeURIComponent(orderId)}/updates`);
  return items;
}

export function useOrderUpdates(orderId: string) {
  return useQuery({
    queryKey: orderKeys.updates(orderId),
    queryFn: () => getOrderUpdates(orderId),
    refetchInterval: STATUS_HISTORY_REFRESH_MS,
  });
}
