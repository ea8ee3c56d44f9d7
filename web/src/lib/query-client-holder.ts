import { createContext, useContext, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Where the app's one QueryClient lives once react-query has loaded. Only the signed-in
 * code needs react-query (~9 kB gz), so it is loaded with those routes (app/query-provider.tsx)
 * and the landing page, sign-in and registration do without it. The session code still has
 * to drop the previous user's cached data on sign-in and sign-out: it reaches the client
 * through this holder, which imports react-query's types only.
 */
export interface QueryClientHolder {
  client: QueryClient | null;
}

/** The default is for components rendered without AppProvider (tests): there is no cache to drop. */
export const QueryClientHolderContext = createContext<QueryClientHolder>({ client: null });

export function useQueryClientHolder(): QueryClientHolder {
  return useContext(QueryClientHolderContext);
}

/** What the session needs of the cache; a no-op until react-query has loaded (nothing is cached then). */
export interface SessionQueryCache {
  clear(): void;
  invalidateQueries(): Promise<void>;
}

export function useSessionQueryCache(): SessionQueryCache {
  const holder = useQueryClientHolder();
  return useMemo(
    () => ({
      clear: () => holder.client?.clear(),
      invalidateQueries: async () => holder.client?.invalidateQueries(),
    }),
    [holder],
  );
}
