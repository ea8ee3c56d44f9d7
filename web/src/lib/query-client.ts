import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { messages } from '@gs/shared/validation';
import { ApiError } from './api-client';
import { meQueryKey } from './query-keys';

/** The API's answer to a deactivated (archived) account on any signed-in route. */
export function isAccountInactiveError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === messages.accountInactive;
}

export function createQueryClient(): QueryClient {
  // Any request refused because the account was deactivated (while the person is on a page) makes the
  // profile be read again: the signed-in layout then shows the inactive text in place of the page.
  const onError = (error: unknown) => {
    if (isAccountInactiveError(error) && !client.getQueryState(meQueryKey)?.error) void client.invalidateQueries({ queryKey: meQueryKey });
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
