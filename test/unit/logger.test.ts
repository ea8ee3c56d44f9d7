import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from '../../shared/src/schemas/zod.ts'
import { createGroupHandler, defineRoute, routeTable, type ApiEvent } from '../../functions/lib/http.ts'
import { REDACTED, log, redact, redactText, setLogContext } from '../../functions/lib/logger.ts'
import { routes } from '../../functions/routes.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import { routesFor } from '../../functions/routes.ts'
import { fakeGate } from '../support/fake-gate.ts'

// Built at runtime so this file holds no secret-looking literal.
const JWT = ['eyJhbGciOiJSUzI1NiJ9', 'eyJzdWIiOiJjMSJ9', 'c2lnbmF0dXJl'].join('.')
const STRIPE_KEY = ['sk', 'live', 'abcdef123456'].join('_')
const WEBHOOK_SECRET = ['whsec', 'abcdef123456'].join('_')
const CARD = '4242 4242 4242 4242'

let lines: string[] = []
let savedLevel: string | undefined
beforeEach(() => {
  lines = []
  savedLevel = process.env.LOG_LEVEL
  delete process.env.LOG_LEVEL
  resetEnv()
  for (const m of ['log', 'error'] as const) vi.spyOn(console, m).mockImplementation((line: string) => void lines.push(line))
})
afterEach(() => {
  vi.restoreAllMocks()
  if (savedLevel === undefined) delete process.env.LOG_LEVEL
  else process.env.LOG_LEVEL = savedLevel
  resetEnv()
  setLogContext({})
})

const parsed = () => lines.map((l) => JSON.parse(l))

function event(routeKey: string): ApiEvent {
  return {
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1],
    rawQueryString: '',
    headers: { Authorization: `Bearer ${JWT}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: 'Hunter22!', cardNumber: CARD }),
    isBase64Encoded: false,
    requestContext: { requestId: 'gw-req-1', authorizer: { jwt: { claims: { sub: 'c1', 'cognito:groups': '[customer]' }, scopes: [] } } },
  } as unknown as ApiEvent
}

describe('structured logs through the middy stack', () => {
  it('puts the request id and the route on every line, and no token, password or card', async () => {
    const route = routes.find((r) => r.fn === 'api-customer' && r.method === 'PATCH')!
    const modules: Record<string, { handler: ReturnType<typeof defineRoute> }> = {}
    modules[route.handler] = {
      // A route that takes a body (routes without a body schema refuse any field).
      handler: defineRoute({ body: z.looseObject({}) }, async ({ event, body }) => {
        // A careless handler: the logger must still keep credentials out.
        log.info('updating', { headers: event.headers, body, authorization: event.headers.authorization, note: `token ${JWT}` })
        throw new Error(`Stripe said no for ${STRIPE_KEY}`)
      }),
    }
    const handler = createGroupHandler('api-customer', { routes: routeTable(routesFor('api-customer').filter((r) => modules[r.handler]), modules), gate: () => fakeGate({ account: { active: true } }) })
    const res = (await handler(event(`${route.method} ${route.path}`), { awsRequestId: 'lambda-req-1' } as never)) as { statusCode: number }
    expect(res.statusCode).toBe(500)

    const out = parsed()
    expect(out.length).toBeGreaterThanOrEqual(2)
    for (const line of out) {
      expect(line.requestId).toBe('lambda-req-1')
      expect(line.route).toBe(`${route.method} ${route.path}`)
      expect(line.level).toMatch(/^(info|error)$/)
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT/)
    }
    const text = lines.join('\n')
    for (const leaked of [JWT, STRIPE_KEY, 'Hunter22!', CARD]) expect(text).not.toContain(leaked)
    expect(out[0]).toMatchObject({ message: 'updating', headers: REDACTED, body: REDACTED, authorization: REDACTED, note: `token ${REDACTED}` })
    expect(out.at(-1)).toMatchObject({ level: 'error', message: 'unhandled error', errorMessage: `Stripe said no for ${REDACTED}` })
  })

  it('keeps the invocation context even when a field tries to override it', () => {
    setLogContext({ requestId: 'r-1', route: 'GET /api/me' })
    log.info('hello', { requestId: 'spoofed', route: 'nope', orderId: 'o-1' })
    expect(parsed()[0]).toMatchObject({ requestId: 'r-1', route: 'GET /api/me', orderId: 'o-1' })
  })
})

describe('redaction', () => {
  it('replaces sensitive field names at any depth', () => {
    expect(
      redact({ user: { accessToken: 'x', idToken: 'y', password: 'p', cardNumber: '1', clientSecret: 's', name: 'Ann' }, list: [{ secret: 'z' }] }),
    ).toEqual({
      user: { accessToken: REDACTED, idToken: REDACTED, password: REDACTED, cardNumber: REDACTED, clientSecret: REDACTED, name: 'Ann' },
      list: [{ secret: REDACTED }],
    })
  })

  it('masks credential-looking values and Luhn-valid card numbers, and leaves ids, dates and amounts alone', () => {
    expect(redactText(`key ${STRIPE_KEY} hook ${WEBHOOK_SECRET} jwt ${JWT}`)).toBe(`key ${REDACTED} hook ${REDACTED} jwt ${REDACTED}`)
    expect(redactText(`card ${CARD} and 4000-0566-5566-5556`)).toBe(`card ${REDACTED} and ${REDACTED}`)
    const harmless = 'order GS-000123 at 2024-05-01T10:20:30.123Z total 125000 ttl 1714557630123'
    expect(redactText(harmless)).toBe(harmless)
  })
})
