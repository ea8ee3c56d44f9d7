import { useQuery } from '@tanstack/react-query';
import type { BookLineDetail } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { bookKeys } from '@/lib/query-keys';

/** GET /api/admin/book/{orderId}: the line and every entry of it as recorded, oldest first. */
export function getBookLine(orderId: string): Promise<BookLineDetail> {
  return api.get<BookLineDetail>(`/admin/book/${encodeURIComponent(orderId)}`);
}

export function useBookLine(orderId: string | null) {
  return useQuery({ queryKey: bookKeys.line(orderId ?? ''), queryFn: () => getBookLine(orderId!), enabled: !!orderId });
}
