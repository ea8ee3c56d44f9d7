import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { ToastProvider } from '@/components/ui/toast';
import { StaffRoleContext } from '@/lib/staff-role';
import type { StaffRole } from '@gs/shared/staff';

const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * The whole app at `path`, with the routes and providers of the real one. `queryClient` replaces the
 * test client (no retries, no global error handling), e.g. with the app's own (lib/query-client.ts).
 */
export function renderApp(path: string, { queryClient = testQueryClient() }: { queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}

/** A feature component with a fresh query client and the toast region, as a staff member of `staffRole` (the owner) sees it. */
export function renderWithClient(ui: ReactElement, { staffRole = 'owner' }: { staffRole?: StaffRole | null } = {}) {
  const queryClient = testQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <StaffRoleContext.Provider value={staffRole}>
          <ToastProvider>{ui}</ToastProvider>
        </StaffRoleContext.Provider>
      </QueryClientProvider>,
    ),
  };
}
