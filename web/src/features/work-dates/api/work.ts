import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminOrdersPage, DashboardCounts, TurnaroundReport } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';

/** The work's dates: the dashboard counts, a bench, the overdue list, the turnaround report (under the orders' keys, so an order change refreshes them). */
export const workKeys = {
  dashboard: ['admin', 'orders', 'work', 'dashboard'] as const,
  /** A bench (a staff member's id; '' the signed-in gunsmith's own) or the overdue list. */
  list: (which: { benchOf: string } | 'overdue') => ['admin', 'orders', 'work', 'list', which] as const,
  turnaround: (from: string, to: string) => ['admin', 'orders', 'work', 'turnaround', from, to] as const,
};

/** GET /api/admin/dashboard: the day's work for the signed-in role. */
export function useDashboardCounts() {
  return useQuery({ queryKey: workKeys.dashboard, queryFn: () => api.get<DashboardCounts>('/admin/dashboard') });
}

export const WORK_PAGE_SIZE = 25;

/**
 * A bench (GET /api/admin/orders?assignedTo=; the signed-in gunsmith's own without one) or the overdue list
 * (?view=overdue), page after page in the server's order (soonest promised first).
 */
export function useWorkList(which: { benchOf: string } | 'overdue', options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: workKeys.list(which),
    enabled: options.enabled ?? true,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.get<AdminOrdersPage>('/admin/orders', {
        query: { ...(which === 'overdue' ? { view: 'overdue' } : which.benchOf ? { assignedTo: which.benchOf } : {}), limit: WORK_PAGE_SIZE, cursor: pageParam },
      }),
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/** GET /api/admin/reports/turnaround?from=&to= */
export function useTurnaround(from: string, to: string) {
  return useQuery({ queryKey: workKeys.turnaround(from, to), queryFn: () => api.get<TurnaroundReport>('/admin/reports/turnaround', { query: { from, to } }) });
}

