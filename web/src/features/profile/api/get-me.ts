import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import type { Role } from '../../auth/roles';
import { messages } from '@gs/shared/validation';

// Profile as API.md shows it.
export interface Profile {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  enableSmsNotifications: boolean;
  isActive: boolean;
  role: Role;
  createdAt: string;
}

export const ACCOUNT_INACTIVE_MESSAGE = messages.accountInactive;

export function isAccountInactiveError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === ACCOUNT_INACTIVE_MESSAGE;
}

export const meQueryKey = ['me'] as const;

export function getMe(): Promise<Profile> {
  return api.get<Profile>('/me');
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, enabled });
}
