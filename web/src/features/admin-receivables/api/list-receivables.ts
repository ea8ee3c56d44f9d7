import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ReceivableBucketId, ReceivablesPage } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { receivableKeys } from '@/lib/query-keys';

/** GET /api/admin/receivables?bucket=&cursor=: the totals of every receivable and one page of 25, the oldest invoice first. */
export function listReceivables({ bucket, cursor }: { bucket: ReceivableBucketId | ''; cursor?: string | null }): Promise<ReceivablesPage> {
  return api.get<ReceivablesPage>('/admin/receivables', { query: { bucket: bucket || undefined, cursor: cursor ?? undefined } });
}

/** The receivables page for an aging bucket ('' every one): the first page, then one more per `fetchNextPage()` ("Load more"). */
export function useReceivablePages(bucket: ReceivableBucketId | '') {
  return useInfiniteQuery({
    queryKey: receivableKeys.pages(bucket),
    queryFn: ({ pageParam }) => listReceivables({ bucket, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    placeholderData: keepPreviousData,
  });
}
