import { useQuery } from '@tanstack/react-query';
import type { BookLineDetail } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';

export function getBookLine(orderId: string): Promise<BookLineDetail> {
  return api.get<BookLineDetail>(`/admin/book/${encodeURIComponent(orderId)}`);
}

/**
 * GET /api/admin/book/{orderId}: the order's line of the A&D book (entry number, days held, current and original
 * columns) and its entries. Kept under the order's detail key, so what refreshes the order refreshes it too.
 */
export function useFirearmBookLine(orderId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...adminOrderKeys.detail(orderId), 'book'] as const,
    queryFn: () => getBookLine(orderId),
    enabled,
    staleTime: 0,
  });
}
