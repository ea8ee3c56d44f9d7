import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import { messages } from '@gs/shared/validation';
import { ApiError, api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/query-keys';

export const ACCOUNT_INACTIVE_MESSAGE = messages.accountInactive;

export function isAccountInactiveError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === ACCOUNT_INACTIVE_MESSAGE;
}

export function getMe(): Promise<Profile> {
  return api.get<Profile>('/me');
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, enabled });
}
