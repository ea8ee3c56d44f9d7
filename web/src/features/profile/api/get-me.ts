import { messages } from '@gs/shared/validation';

export const ACCOUNT_INACTIVE_MESSAGE = messages.accountInactive;

export { isAccountInactiveError } from '@/lib/query-client';

export { getMe, useMe } from '@/lib/me';
