import { useInfiniteQuery } from '@tanstack/react-query';
import type { BookEntry, Page } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { bookKeys } from '@/lib/query-keys';

/** GET /api/admin/book/corrections: one page of the correction entries, newest first. */
export function listBookCorrections(cursor?: string | null): Promise<Page<BookEntry>> {
  return api.get<Page<BookEntry>>('/admin/book/corrections', { query: { cursor: cursor ?? undefined } });
}

/** The corrections view ("Corrections only"): the first page, then one more per "Load more". */
export function useBookCorrectionPages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: bookKeys.corrections(),
    queryFn: ({ pageParam }) => listBookCorrections(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled,
  });
}
