import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-screen';
import { getAccessToken } from '../features/auth/auth-client';
import { AuthProvider } from '../features/auth/auth-provider';
import { ThemeProvider } from '../features/theme/theme-provider';
import { ApiError, setAccessTokenProvider } from '../lib/api-client';

// Every API call carries the signed-in user's access token (refreshed by Amplify when due).
setAccessTokenProvider(getAccessToken);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (401/403/404/validation) will not fix themselves.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <AuthProvider>{children}</AuthProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
