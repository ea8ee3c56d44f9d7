import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { groupEntrySource } from '../../functions/lib/group-entry.ts'
import { deployedRoutesFor, isStaffRoute, matchPath, routeKey, routes, routesFor } from '../../functions/routes.ts'

describe('the route table', () => {
  it('has one entry per method and path, each with an existing handler module', () => {
    const keys = routes.map(routeKey)
    expect(new Set(keys).size).toBe(keys.length)
    for (const r of routes) expect(existsSync(new URL(`../../functions/${r.handler}.ts`, import.meta.url)), r.handler).toBe(true)
  })

  it('puts every /api/admin route in api-admin with admin access, and only those', () => {
    for (const r of routes) {
      expect(r.path.startsWith('/api/admin/') || r.path === '/api/admin', routeKey(r)).toBe(isStaffRoute(r))
      if (isStaffRoute(r)) expect(r.fn).toBe('api-admin')
    }
  })

  it('bundles each group with only its own route modules', () => {
    const src = groupEntrySource('api-customer', '/fns')
    for (const r of deployedRoutesFor('api-customer')) expect(src).toContain(`/fns/${r.handler}.ts`)
    // Dev-only routes (the dev payment confirm) never reach a Lambda bundle.
    for (const r of routes.filter((x) => x.devOnly)) expect(src).not.toContain(`/fns/${r.handler}.ts`)
    expect(routes.filter((x) => x.devOnly).map(routeKey)).toEqual(['POST /api/dev/payments/{paymentIntentId}/confirm'])
    for (const r of routesFor('api-admin')) expect(src).not.toContain(`/fns/${r.handler}.ts`)
  })

  it('matches paths with parameters and decodes them', () => {
    expect(matchPath('/api/orders/{orderId}', '/api/orders/a%20b')).toEqual({ orderId: 'a b' })
    expect(matchPath('/api/orders/{orderId}', '/api/orders/')).toBeNull()
    expect(matchPath('/api/orders/{orderId}', '/api/orders/a/b')).toBeNull()
    expect(matchPath('/api/orders/{orderId}', '/api/orders/%E0%A4%A')).toBeNull()
  })
})
