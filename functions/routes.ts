/**
 * The one route table. The CDK API stack and the local gateway both build
 * their routes from it; the security matrix tests are generated from it.
 * `handler` is a module under functions/ (without extension) that exports
 * `handler: RouteHandler`; each function group is bundled with only its own
 * route modules (see functions/lib/group-entry.ts).
 */
export type FunctionGroup = 'api-customer' | 'api-admin' | 'stripe-webhook'
export type Access = 'public' | 'user' | 'admin'
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteDef {
  method: HttpMethod
  path: string
  fn: FunctionGroup
  access: Access
  handler: string
}

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', fn: 'api-customer', access: 'public', handler: 'api/health/get-health' },
  { method: 'GET', path: '/api/me', fn: 'api-customer', access: 'user', handler: 'api/me/get-me' },
  { method: 'PATCH', path: '/api/me', fn: 'api-customer', access: 'user', handler: 'api/me/update-me' },
  { method: 'GET', path: '/api/admin/customers', fn: 'api-admin', access: 'admin', handler: 'api/admin/customers/list-customers' },
]

export const functionGroups: readonly FunctionGroup[] = ['api-customer', 'api-admin', 'stripe-webhook']

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`

export const routesFor = (fn: FunctionGroup) => routes.filter((r) => r.fn === fn)

/** Matches a concrete request path against a route path with `{param}` segments. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/')
  const a = path.split('/')
  if (p.length !== a.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (!a[i]) return null
      try {
        params[seg.slice(1, -1)] = decodeURIComponent(a[i])
      } catch {
        return null
      }
    } else if (seg !== a[i]) return null
  }
  return params
}
