import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { messages } from '@gs/shared/validation';
import { ApiError } from './api-client';
import { meQueryKey, mfaQueryKey } from './query-keys';

/** The API's answer to a deactivated (archived) account on any signed-in route. */
export function isAccountInactiveError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === messages.accountInactive;
}

/** The API's answer to an admin who has not set up two-step sign-in (an authenticator app). */
export function isMfaRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'mfa_required';
}

export function createQueryClient(): QueryClient {
  // Any request refused because the account was deactivated (while the person is on a page) makes the
  // profile be read again: the signed-in layout then shows the inactive text in place of the page.
  // Likewise a staff request refused for want of two-step sign-in re-reads its status (once, however
  // many requests were refused): the staff layout then shows the enrollment in place of the page.
  const onError = (error: unknown) => {
    if (isAccountInactiveError(error) && !client.getQueryState(meQueryKey)?.error) void client.invalidateQueries({ queryKey: meQueryKey });
    if (isMfaRequiredError(error) && client.getQueryState(mfaQueryKey)?.fetchStatus !== 'fetching') {
      void client.invalidateQueries({ queryKey: mfaQueryKey });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (401/403/404/validation) will not fix themselves.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
  return client;
}
