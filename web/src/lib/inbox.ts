import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxCount, InboxHandled } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { adminOrderKeys } from '@/lib/query-keys';

/**
 * The staff Inbox of customer messages, as more than one place shows it (the header's badge, the Inbox page, the
 * order list's marker, the order editor's banner, the dashboard): its keys, its count and "Mark handled". The keys
 * sit under the admin order lists', so whatever refreshes the order lists (a reply saved in the editor) refreshes
 * the Inbox and its count too.
 */
export const inboxKeys = {
  all: [...adminOrderKeys.lists, 'inbox'] as const,
  count: () => [...inboxKeys.all, 'count'] as const,
  pages: () => [...inboxKeys.all, 'pages'] as const,
};

/** The badge looks for new messages this often (and whenever the window gets the focus back). */
export const INBOX_REFRESH_MS = 30_000;

/** GET /api/admin/inbox/count: one GetItem on the server. */
export function getInboxCount(): Promise<InboxCount> {
  return api.get<InboxCount>('/admin/inbox/count');
}

/**
 * How many orders have a customer message waiting: undefined while it loads, when it fails, or for someone who may
 * not see the Inbox (`enabled` false: a gunsmith; the API answers them 403).
 */
export function useInboxCount({ enabled = true }: { enabled?: boolean } = {}): number | undefined {
  const { status, isAdmin } = useAuth();
  const query = useQuery({
    queryKey: inboxKeys.count(),
    queryFn: getInboxCount,
    enabled: enabled && status === 'signedIn' && isAdmin,
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnWindowFocus: true,
    select: (body) => Math.max(0, body.count),
  });
  return query.data;
}

/** POST /api/admin/inbox/{orderId}/handled: idempotent (handled false: it was not waiting any more). */
export function markInboxHandled(orderId: string): Promise<InboxHandled> {
  return api.post<InboxHandled>(`/admin/inbox/${encodeURIComponent(orderId)}/handled`);
}

/** "Mark handled": the count from the answer at once, then the Inbox, the order lists and the order read again. */
export function useMarkInboxHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInboxHandled,
    onSuccess: (body, orderId) => {
      queryClient.setQueryData(inboxKeys.count(), { count: body.count } satisfies InboxCount);
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) });
    },
  });
}
