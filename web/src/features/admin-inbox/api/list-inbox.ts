import { useInfiniteQuery } from '@tanstack/react-query';
import type { InboxPage } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { inboxKeys, INBOX_REFRESH_MS } from '@/lib/inbox';

/** GET /api/admin/inbox: a page of the orders with a customer message waiting (the oldest unanswered first), with their count. */
export function listInbox({ cursor }: { cursor?: string | null } = {}): Promise<InboxPage> {
  return api.get<InboxPage>('/admin/inbox', { query: { cursor: cursor ?? undefined } });
}

/** The Inbox: the first page, then one more per "Load more"; read again as often as the header's badge. */
export function useInboxPages() {
  return useInfiniteQuery({
    queryKey: inboxKeys.pages(),
    queryFn: ({ pageParam }) => listInbox({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    refetchInterval: INBOX_REFRESH_MS,
  });
}
