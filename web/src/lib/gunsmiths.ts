import { useQuery } from '@tanstack/react-query';
import type { GunsmithList } from '@gs/shared/staff-accounts';
import { api } from '@/lib/api-client';

/** Every staff query's key starts with this: a change to a staff account refreshes them all, the gunsmith list too. */
export const STAFF_QUERY_KEY = ['admin', 'staff'] as const;

export const getGunsmiths = () => api.get<GunsmithList>('/admin/staff/gunsmiths');

/**
 * The active gunsmiths an order can be assigned to (owner and front desk): the order editor's Assigned to and the
 * benches page read it, so it lives here rather than in a feature.
 */
export function useGunsmiths(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: [...STAFF_QUERY_KEY, 'gunsmiths'], queryFn: getGunsmiths, enabled: options.enabled ?? true });
}
