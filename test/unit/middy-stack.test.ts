import { describe, expect, it, vi } from 'vitest'
import * as z from '../../shared/src/schemas/zod.ts'
import { ConflictError, NotFoundError } from '../../functions/lib/errors.ts'
import { createGroupHandler, defineRoute, routeTable, type AccountGate, type ApiEvent } from '../../functions/lib/http.ts'
import { routes } from '../../functions/routes.ts'
import { routesFor } from '../../functions/routes.ts'
import { fakeGate } from '../support/fake-gate.ts'

process.env.LOG_LEVEL = 'silent'

const echo = defineRoute({ body: z.strictObject({ name: z.optional(z.string().check(z.minLength(1, 'Name is required'))) }) }, async ({ caller, body, params }) => ({
  body: { caller: caller?.userId ?? null, firstName: caller?.firstName ?? null, body: body && Object.keys(body).length ? body : null, params },
}))

function groupWith(handlerFor: Record<string, ReturnType<typeof defineRoute>>, gate: AccountGate = fakeGate({ account: { active: true, firstName: 'Casey' } })) {
  const modules: Record<string, { handler: ReturnType<typeof defineRoute> }> = {}
  for (const r of routes) modules[r.handler] = { handler: handlerFor[r.handler] ?? echo }
  return {
    customer: createGroupHandler('api-customer', { routes: routeTable(routesFor('api-customer').filter((r) => modules[r.handler]), modules), gate: () => gate }),
    admin: createGroupHandler('api-admin', { routes: routeTable(routesFor('api-admin').filter((r) => modules[r.handler]), modules), gate: () => gate }),
  }
}

function event({ routeKey, claims, body, contentType = 'application/json', base64 = false, token }: { routeKey: string; claims?: Record<string, string>; body?: string; contentType?: string; base64?: boolean; token?: string }): ApiEvent {
  return {
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1],
    rawQueryString: '',
    headers: { 'Content-Type': contentType, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: base64 && body ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: base64,
    requestContext: { requestId: 'r1', authorizer: claims ? { jwt: { claims, scopes: [] } } : undefined },
  } as unknown as ApiEvent
}

const parse = (res: unknown) => {
  const r = res as { statusCode: number; body: string }
  return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined }
}

const CUSTOMER = { sub: 'c1', 'cognito:groups': '[customer]' }
const ADMIN = { sub: 'a1', 'cognito:groups': '[admin]' }

describe('the middy stack', () => {
  it('serves a public route without claims', async () => {
    const { customer } = groupWith({})
    expect(parse(await customer(event({ routeKey: 'GET /api/health' }), {} as never))).toMatchObject({ status: 200, body: { caller: null } })
  })

  it('refuses a signed-in route without claims with 401, even when the gateway let it through', async () => {
    const { customer } = groupWith({})
    expect(parse(await customer(event({ routeKey: 'GET /api/me' }), {} as never))).toEqual({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Authentication required' } },
    })
  })

  it('refuses a customer on an admin route with 403 and serves an admin', async () => {
    const { admin } = groupWith({})
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: CUSTOMER }), {} as never)).status).toBe(403)
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: ADMIN }), {} as never)).status).toBe(200)
  })

  it('refuses an inactive profile with the spec message', async () => {
    const { customer } = groupWith({}, fakeGate({ account: { active: false } }))
    expect(parse(await customer(event({ routeKey: 'GET /api/me', claims: CUSTOMER }), {} as never))).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'Account Inactive - Please contact the shop for assistance.' } },
    })
  })

  it('refuses a signed-in user with no profile at all (an orphan login) as inactive, on customer and admin routes', async () => {
    const { customer, admin } = groupWith({}, fakeGate({ account: null }))
    const inactive = { status: 403, body: { error: { code: 'forbidden', message: 'Account Inactive - Please contact the shop for assistance.' } } }
    expect(parse(await customer(event({ routeKey: 'GET /api/me', claims: CUSTOMER }), {} as never))).toEqual(inactive)
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: ADMIN }), {} as never))).toEqual(inactive)
    // Public routes never ask the gate.
    expect(parse(await customer(event({ routeKey: 'GET /api/health' }), {} as never)).status).toBe(200)
  })

  it('refuses an admin without two-step sign-in on staff routes only, and asks Cognito for nobody else', async () => {
    const asked: string[] = []
    const { customer, admin } = groupWith({}, fakeGate({ account: { active: true }, staffMfa: async (id) => (asked.push(id), false) }))
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: ADMIN }), {} as never))).toEqual({
      status: 403,
      body: { error: { code: 'mfa_required', message: 'Set up two-step sign-in to use the staff pages.' } },
    })
    // Their own profile (the SPA reads it before the enrollment page) and a customer's routes need no second step.
    expect(parse(await customer(event({ routeKey: 'GET /api/me', claims: ADMIN }), {} as never)).status).toBe(200)
    expect(parse(await customer(event({ routeKey: 'GET /api/me', claims: CUSTOMER }), {} as never)).status).toBe(200)
    // A customer on a staff route is refused by role, before anyone asks Cognito.
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: CUSTOMER }), {} as never)).body.error.code).toBe('forbidden')
    expect(asked).toEqual(['a1'])
  })

  it('says inactive before it says two-step sign-in', async () => {
    const { admin } = groupWith({}, fakeGate({ account: { active: false }, staffMfa: async () => false }))
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: ADMIN }), {} as never)).body.error.message).toBe(
      'Account Inactive - Please contact the shop for assistance.',
    )
  })

  it('refuses a token from a sign-in before the sessions ended (auth_time), and lets a later sign-in in', async () => {
    const { customer, admin } = groupWith({}, fakeGate({ account: { sessionsValidFrom: 1_800_000_000 } }))
    const ended = { status: 401, body: { error: { code: 'session_ended', message: 'Your session has ended. Please sign in again.' } } }
    for (const claims of [{ ...CUSTOMER, auth_time: '1799999999' }, CUSTOMER, { ...CUSTOMER, auth_time: 'soon' }]) {
      expect(parse(await customer(event({ routeKey: 'GET /api/me', claims }), {} as never))).toEqual(ended)
    }
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: { ...ADMIN, auth_time: '1799999999' } }), {} as never))).toEqual(ended)
    for (const authTime of ['1800000000', '1800000001']) {
      expect(parse(await customer(event({ routeKey: 'GET /api/me', claims: { ...CUSTOMER, auth_time: authTime } }), {} as never)).status).toBe(200)
    }
  })

  it('an admin whose app the API has not recorded yet: recorded (asking Cognito afresh), sessions ended, sign in again', async () => {
    const changes: unknown[][] = []
    const asked: unknown[] = []
    const gate = fakeGate({
      account: { staffMfaRecorded: false },
      staffMfa: async (_id, options) => (asked.push(options ?? {}), true),
      changeStaffMfa: async (...args) => void changes.push(args),
    })
    const { admin, customer } = groupWith({}, gate)
    const res = parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: { ...ADMIN, auth_time: '1800000000' }, token: 'tok' }), {} as never))
    expect(res).toEqual({ status: 401, body: { error: { code: 'session_ended', message: 'Two-step sign-in is on. Please sign in again with your password and a code from your authenticator app.' } } })
    expect(changes).toEqual([['a1', 'tok', 'recorded']])
    expect(asked).toEqual([{}, { fresh: true }])
    // Their own profile needs no second step.
    expect(parse(await customer(event({ routeKey: 'GET /api/me', claims: ADMIN, token: 'tok' }), {} as never)).status).toBe(200)
    expect(changes).toHaveLength(1)
  })

  it('an admin whose recorded app was turned off: the record is forgotten (a reset) and the staff routes ask for one again', async () => {
    const changes: unknown[][] = []
    const { admin } = groupWith({}, fakeGate({ staffMfa: async () => false, changeStaffMfa: async (...args) => void changes.push(args) }))
    expect(parse(await admin(event({ routeKey: 'GET /api/admin/customers', claims: ADMIN, token: 'tok' }), {} as never)).body.error.code).toBe('mfa_required')
    expect(changes).toEqual([['a1', 'tok', 'reset']])
  })

  it('passes the caller, with the profile first name, to the route', async () => {
    const { customer } = groupWith({})
    const res = parse(await customer(event({ routeKey: 'GET /api/me', claims: CUSTOMER }), {} as never))
    expect(res.body).toMatchObject({ caller: 'c1', firstName: 'Casey' })
  })

  it('parses JSON bodies, base64 or not, and validates them with the schema', async () => {
    const { customer } = groupWith({})
    for (const base64 of [false, true]) {
      const ok = parse(await customer(event({ routeKey: 'PATCH /api/me', claims: CUSTOMER, body: '{"name":"x"}', base64 }), {} as never))
      expect(ok.body.body).toEqual({ name: 'x' })
    }
    const bad = parse(await customer(event({ routeKey: 'PATCH /api/me', claims: CUSTOMER, body: '{"name":""}' }), {} as never))
    expect(bad).toEqual({ status: 400, body: { error: { code: 'validation_failed', message: 'Name is required', fields: { name: 'Name is required' } } } })
    const extra = parse(await customer(event({ routeKey: 'PATCH /api/me', claims: CUSTOMER, body: '{"name":"x","role":"admin"}' }), {} as never))
    expect(extra.body.error.fields).toEqual({ role: 'Unknown field: role' })
  })

  it('answers malformed JSON and a wrong content type with 400, never a 500', async () => {
    const { customer } = groupWith({})
    const bad = parse(await customer(event({ routeKey: 'PATCH /api/me', claims: CUSTOMER, body: '{nope' }), {} as never))
    expect(bad).toEqual({ status: 400, body: { error: { code: 'validation_failed', message: 'Request body must be valid JSON' } } })
    const type = parse(await customer(event({ routeKey: 'PATCH /api/me', claims: CUSTOMER, body: 'a=b', contentType: 'application/x-www-form-urlencoded' }), {} as never))
    expect(type.status).toBe(400)
  })

  it('maps named errors to their status and hides unknown errors behind a generic 500', async () => {
    const boom = defineRoute({}, async () => {
      throw new Error('secret internals: table xyz')
    })
    const missing = defineRoute({}, async () => {
      throw new NotFoundError('Order not found')
    })
    const conflict = defineRoute({}, async () => {
      throw new ConflictError('Stale')
    })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { customer } = groupWith({ 'api/me/get-me': boom, 'api/me/update-me': missing, 'api/health/get-health': conflict })
    const res = parse(await customer(event({ routeKey: 'GET /api/me', claims: CUSTOMER }), {} as never))
    expect(res.status).toBe(500)
    expect(res.body.error.code).toBe('internal')
    expect(JSON.stringify(res.body)).not.toContain('secret internals')
    expect(parse(await customer(event({ routeKey: 'PATCH /api/me', claims: CUSTOMER }), {} as never))).toMatchObject({ status: 404, body: { error: { message: 'Order not found' } } })
    expect(parse(await customer(event({ routeKey: 'GET /api/health' }), {} as never)).status).toBe(409)
    spy.mockRestore()
  })

  it('answers a route of another group with 404', async () => {
    const { customer } = groupWith({})
    expect(parse(await customer(event({ routeKey: 'GET /api/admin/customers', claims: ADMIN }), {} as never)).status).toBe(404)
  })
})
