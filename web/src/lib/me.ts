import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/query-keys';

/**
 * The signed-in person's profile (GET /api/me): the profile pages, the staff role and User Management (who is "me")
 * read it, so it lives here rather than in one feature.
 */
export function getMe(): Promise<Profile> {
  return api.get<Profile>('/me');
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, enabled });
}
