import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import { messages } from '@gs/shared/validation';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/query-keys';

export const ACCOUNT_INACTIVE_MESSAGE = messages.accountInactive;

export { isAccountInactiveError } from '@/lib/query-client';

export function getMe(): Promise<Profile> {
  return api.get<Profile>('/me');
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, enabled });
}
