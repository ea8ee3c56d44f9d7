import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProvider } from '../../web/src/app/provider';
import { routes } from '../../web/src/app/router';

export const testConfig = {
  apiUrl: '/api',
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: 'test-client',
  cognitoEndpoint: 'http://localhost:9229',
  paymentsMode: 'dev',
  stripePublishableKey: null,
};

export const testProfile = {
  id: 'user-1',
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '+15555550123',
  enableSmsNotifications: false,
  isActive: true,
  role: 'customer',
  createdAt: '2024-01-05T10:00:00.000Z',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch for /config.json and the API routes given (path -> [status, body]). */
export function stubApi(routesByPath: Record<string, [number, unknown]> = {}) {
  const handler = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/config.json') return json(200, testConfig);
    const match = routesByPath[url.pathname];
    if (match) return json(match[0], match[1]);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', handler);
  return handler;
}

export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}
