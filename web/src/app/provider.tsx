import { useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '../components/errors/error-screen';
import { getAccessToken } from '../lib/auth/auth-client';
import { AuthProvider } from '../lib/auth/auth-provider';
import { ThemeProvider } from '../lib/theme/theme-provider';
import { setAccessTokenProvider } from '../lib/access-token';
import { QueryClientHolderContext, type QueryClientHolder } from '../lib/query-client-holder';

// Every API call carries the signed-in user's access token (refreshed by Amplify when due).
setAccessTokenProvider(getAccessToken);

/**
 * App-wide providers. react-query's QueryClientProvider is not among them: it comes with the
 * signed-in routes (app/query-provider.tsx), so public pages do not download it. `queryClient`
 * lets tests supply their own client; by default one is created when react-query first loads.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [holder] = useState<QueryClientHolder>(() => ({ client: queryClient ?? null }));
  return (
    <ErrorBoundary>
      <QueryClientHolderContext.Provider value={holder}>
        <ThemeProvider>
          <AuthProvider>{children}</AuthProvider>
        </ThemeProvider>
      </QueryClientHolderContext.Provider>
    </ErrorBoundary>
  );
}
