// The SPA's boundary in tests: fetch. /config.json answers the test config; the API answers as
// each test says (a route it does not know is the contract's 404). Every call is recorded, in order.
import { vi } from 'vitest';
import { testConfig, testProfile } from './fixtures';

export type Reply = [number, unknown];
export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  search: URLSearchParams;
  body: unknown;
}

function json([status, body]: Reply): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const NOT_FOUND: Reply = [404, { error: { code: 'not_found', message: 'Not found' } }];

/** Stubs fetch with `answer` for the API (undefined → 404). */
export function stubFetch(answer: (call: ApiCall) => Reply | Promise<Reply> | undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/config.json') return json([200, testConfig]);
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      url,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return json((await answer(call)) ?? NOT_FOUND);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Stubs fetch: `handler` answers the API; GET /api/me answers the test profile unless the handler does. */
export function stubApiRoutes(handler: (call: ApiCall) => Reply | undefined) {
  return stubFetch((call) => handler(call) ?? (call.method === 'GET' && call.path === '/api/me' ? [200, testProfile] : undefined));
}

/** Stubs fetch by path, whatever the method (path → [status, body]). */
export function stubApi(routesByPath: Record<string, Reply> = {}) {
  return stubFetch((call) => routesByPath[call.path]).fetchMock;
}

export type RouteHandler = Reply | Promise<Reply> | ((req: { url: URL; body: unknown }) => Reply | Promise<Reply>);

/** The signed-in staff member's profile, unless a test answers GET /api/me itself: the owner, who may open every staff page. */
const STAFF_PROFILE: Reply = [200, { ...testProfile, role: 'admin', staffRole: 'owner' }];

/** Stubs fetch by "METHOD /path" (query string ignored); GET /api/me answers the owner's profile unless `routes` does. */
export function stubAdminApi(routes: Record<string, RouteHandler>) {
  const { calls, fetchMock } = stubFetch((call) => {
    const route = routes[`${call.method} ${call.path}`];
    if (route === undefined && call.method === 'GET' && call.path === '/api/me') return STAFF_PROFILE;
    return typeof route === 'function' ? route(call) : route;
  });
  return { calls, fetch: fetchMock };
}
