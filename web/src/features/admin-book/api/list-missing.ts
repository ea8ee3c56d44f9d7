import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MissingFromBookPage } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { bookKeys } from '@/lib/query-keys';

/** GET /api/admin/book/missing: a page of the orders whose firearm is missing from the A&D book (the oldest first), with their count. */
export function listMissingFromBook({ cursor, limit }: { cursor?: string | null; limit?: number } = {}): Promise<MissingFromBookPage> {
  return api.get<MissingFromBookPage>('/admin/book/missing', { query: { cursor: cursor ?? undefined, limit } });
}

/** The list: the first page, then one more per "Load more". */
export function useMissingFromBookPages() {
  return useInfiniteQuery({
    queryKey: [...bookKeys.missing(), 'pages'],
    queryFn: ({ pageParam }) => listMissingFromBook({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
}

/** How many there are (the dashboard's count): the list's first row read with it, the smallest page the route gives. */
export function useMissingFromBookCount() {
  return useQuery({ queryKey: bookKeys.missingCount(), queryFn: async () => (await listMissingFromBook({ limit: 1 })).count });
}
