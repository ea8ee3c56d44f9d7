import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AwaitingIntakePage } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { bookKeys } from '@/lib/query-keys';

/** The list's keys: under the book's, so an intake (which re-reads the book) re-reads them too. */
export const awaitingKeys = {
  pages: () => [...bookKeys.all, 'awaiting-intake', 'pages'] as const,
  counts: () => [...bookKeys.all, 'awaiting-intake', 'counts'] as const,
};

/** GET /api/admin/book/awaiting-intake: a page of the boxes received without their intake (the earliest due first), with both counts. */
export function listAwaitingIntake({ cursor, limit }: { cursor?: string | null; limit?: number } = {}): Promise<AwaitingIntakePage> {
  return api.get<AwaitingIntakePage>('/admin/book/awaiting-intake', { query: { cursor: cursor ?? undefined, limit } });
}

/** The list: the first page, then one more per "Load more". */
export function useAwaitingIntakePages() {
  return useInfiniteQuery({
    queryKey: awaitingKeys.pages(),
    queryFn: ({ pageParam }) => listAwaitingIntake({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
}

/** The counts alone (the dashboard): read with the smallest page the route gives. */
export function useAwaitingIntakeCounts() {
  return useQuery({
    queryKey: awaitingKeys.counts(),
    queryFn: async () => {
      const { awaiting, overdue, capped } = await listAwaitingIntake({ limit: 1 });
      return { awaiting, overdue, capped };
    },
  });
}
