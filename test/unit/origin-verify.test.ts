import { afterEach, describe, expect, it } from 'vitest'
import { createGroupHandler, defineRoute, routeTable, type ApiEvent } from '../../functions/lib/http.ts'
import { ENV_NAMES } from '../../functions/lib/env.ts'
import { routes, routesFor } from '../../functions/routes.ts'
import { fakeGate } from '../support/fake-gate.ts'

process.env.LOG_LEVEL = 'silent'

/**
 * In AWS the API answers only through CloudFront. CloudFront adds `x-origin-verify` (a generated value,
 * infra/stacks/api-stack.ts); the functions, given the same value in ORIGIN_VERIFY, refuse a request without it,
 * before the route, the body or the token is looked at. Unset (the local stack, the tests), nothing changes.
 */
const ok = defineRoute({}, async () => ({ body: { ok: true } }))
const modules = Object.fromEntries(routes.map((r) => [r.handler, { handler: ok }]))
const group = (g: 'api-customer' | 'stripe-webhook') =>
  createGroupHandler(g, { routes: routeTable(routesFor(g), modules), gate: () => fakeGate({ account: { active: true, firstName: 'C' } }) })

const event = (routeKey: string, headers: Record<string, string>) =>
  ({ version: '2.0', routeKey, rawPath: routeKey.split(' ')[1], rawQueryString: '', headers, isBase64Encoded: false, requestContext: { requestId: 'r1' } }) as unknown as ApiEvent
const status = async (g: ReturnType<typeof group>, e: ApiEvent) => ((await g(e, {} as never)) as { statusCode: number }).statusCode

afterEach(() => {
  delete process.env[ENV_NAMES.originVerify]
})

describe('origin verification (x-origin-verify)', () => {
  it('is off when ORIGIN_VERIFY is unset (local stack)', async () => {
    expect(await status(group('api-customer'), event('GET /api/health', {}))).toBe(200)
  })

  it('refuses a direct call (no header, or a wrong one) with 403, on public routes and the webhook too', async () => {
    process.env[ENV_NAMES.originVerify] = 'from-cloudfront-0123456789'
    expect(await status(group('api-customer'), event('GET /api/health', {}))).toBe(403)
    expect(await status(group('api-customer'), event('GET /api/health', { 'x-origin-verify': 'guess' }))).toBe(403)
    expect(await status(group('stripe-webhook'), event('POST /api/webhooks/stripe', { 'stripe-signature': 't=1,v1=x' }))).toBe(403)
  })

  it('serves a request that came through CloudFront (any header case: the stack normalizes)', async () => {
    process.env[ENV_NAMES.originVerify] = 'from-cloudfront-0123456789'
    expect(await status(group('api-customer'), event('GET /api/health', { 'x-origin-verify': 'from-cloudfront-0123456789' }))).toBe(200)
    expect(await status(group('api-customer'), event('GET /api/shop', { 'X-Origin-Verify': 'from-cloudfront-0123456789' }))).toBe(200)
  })
})
