/**
 * The security matrix, generated from functions/routes.ts: 401 anonymous, 403 customer on staff routes and staff
 * without an authenticator app, 404 on another customer's ids, mass assignment refused (docs/architecture.md, "What
 * the quality suites rely on").
 */
import { randomUUID } from 'node:crypto'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import { isStaffRoute, routeKey, routes, type RouteDef } from '../../functions/routes.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { api, cognito, signIn, signUp, stack, useStackTable } from './helpers.ts'
import { SAMPLE_BODIES, call, claimsFor, concretePath, createTestUser, errorShapeProblem, missingIdSources, realParams, seedWorld, snapshot, takesBody, type World } from './quality-helpers.ts'
import { endSessionsBefore } from '../../functions/db/repositories/account-state.ts'
import { createService } from '../../functions/db/service.ts'
import { staffMay, staffMessages, type StaffAccess, type StaffRole } from '@gs/shared/staff'

const protectedRoutes = routes.filter((r) => r.access !== 'public')
const adminRoutes = routes.filter((r) => isStaffRoute(r))
/** Routes a customer may call that name a resource in the path: another customer's ids must be a 404. */
const customerIdRoutes = routes.filter((r) => r.access === 'user' && r.path.includes('{'))
/** Customer routes that write: the mass-assignment targets. */
const customerWrites = routes.filter((r) => r.access === 'user' && r.method !== 'GET')

/** Fields only the shop (or the server) sets; a customer sending any of them is refused. */
const FORBIDDEN_FIELDS: Record<string, unknown> = {
  estimatedCostCents: 1,
  additionalCostCents: 0,
  amountPaidCents: 999_999,
  currentStatus: 'payment_received',
  customerId: randomUUID(),
  role: 'admin',
  additionalCostApprovalStatus: 'approved',
  version: 99,
  isArchived: true,
  isActive: true,
  email: 'hijack@example.com',
  price: 1,
}

interface Signed {
  id: string
  email: string
  token: string
}

async function freshCustomer(first: string): Promise<Signed> {
  const email = `matrix-${first.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`
  await signUp(email, 'Password123!', { given_name: first, family_name: 'Matrix' })
  const { AccessToken } = await signIn(email, 'Password123!')
  const me = await api('/api/me', { token: AccessToken })
  expect(me.status).toBe(200)
  return { id: me.body.id, email, token: AccessToken }
}

let a: Signed
let b: Signed
let world: World

const bodyFor = (r: RouteDef) => SAMPLE_BODIES[routeKey(r)]?.(world)

beforeAll(async () => {
  useStackTable()
  ;[a, b] = await Promise.all([freshCustomer('Alice'), freshCustomer('Bob')])
  world = await seedWorld(a.id, a.email)
  // A's payment intent through the real route (dev payments mode on the local stack).
  const intent = await api('/api/payments/intents', { token: a.token, method: 'POST', body: { orderIds: [world.order.orderId], amountCents: 1_000, includeShipping: true } })
  expect(intent.status, JSON.stringify(intent.body)).toBe(201)
  world = { ...world, order: (await snapshot(world)).order!, paymentIntentId: intent.body.paymentIntentId }
})

describe('the matrix covers every route', () => {
  it('every path parameter has an id source', () => {
    const missing = routes.flatMap((r) => missingIdSources(r).map((k) => `${routeKey(r)} needs "${k}"`))
    expect(missing, `Add an id source to ID_SOURCES in test/integration/quality-helpers.ts for: ${missing.join('; ')}`).toEqual([])
  })

  it('every route that takes a body has a sample body', () => {
    // Writes without a sample must be routes that take no body (they are then refused any field).
    const writes = routes.filter((r) => r.method !== 'GET' && !takesBody(r))
    const expectedNoBody = new Set([
      'POST /api/notifications/{id}/read',
      'DELETE /api/admin/customers/{id}',
      'POST /api/admin/customers/{id}/restore',
      'DELETE /api/admin/orders/{orderId}',
      'POST /api/admin/orders/{orderId}/archive',
      'POST /api/admin/orders/{orderId}/unarchive',
      'DELETE /api/admin/orders/{orderId}/updates/{updateId}',
      'DELETE /api/admin/orders/{orderId}/lines/{lineId}',
      'POST /api/admin/orders/{orderId}/approval-requests/{requestId}/withdraw',
      'POST /api/me/two-step-sign-in',
      'POST /api/admin/staff/{staffId}/reset-two-step',
      // The upload's policy fixed everything the confirm records: it reads the object, not a body.
      'POST /api/admin/orders/{orderId}/photos/{photoId}/confirm',
      // Mark handled names the order in its path: nothing else to send.
      'POST /api/admin/inbox/{orderId}/handled',
    ])
    const unknown = writes.map(routeKey).filter((k) => !expectedNoBody.has(k))
    expect(unknown, `Add a valid sample body to SAMPLE_BODIES in test/integration/quality-helpers.ts (or, if the route takes no body, to expectedNoBody here) for: ${unknown.join('; ')}`).toEqual([])
  })
})

describe('anonymous → 401 on every non-public route', () => {
  it.each(protectedRoutes.map((r) => [routeKey(r), r] as const))('%s through the gateway', async (_k, route) => {
    for (const params of [realParams(route, world), Object.fromEntries(Object.keys(realParams(route, world)).map((k) => [k, randomUUID()]))]) {
      const body = bodyFor(route)
      const res = await api(concretePath(route, params), { method: route.method, body })
      expect(res.status, `${routeKey(route)}: ${JSON.stringify(res.body)}`).toBe(401)
      expect(res.body).toMatchObject({ error: { code: 'unauthorized' } })
      expect(errorShapeProblem(res.body)).toBeNull()
      const bad = await api(concretePath(route, params), { method: route.method, body, token: 'not.a.jwt' })
      expect(bad.status).toBe(401)
    }
  })

  it.each(protectedRoutes.map((r) => [routeKey(r), r] as const))('%s in the function, without claims', async (_k, route) => {
    const res = await call(route, { params: realParams(route, world), body: bodyFor(route) })
    expect(res.status, res.text).toBe(401)
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } })
  })
})

describe('customer → 403 on every admin route', () => {
  it.each(adminRoutes.map((r) => [routeKey(r), r] as const))('%s', async (_k, route) => {
    const before = await snapshot(world)
    const res = await api(concretePath(route, realParams(route, world)), { method: route.method, body: bodyFor(route), token: a.token })
    expect(res.status, JSON.stringify(res.body)).toBe(403)
    expect(res.body).toMatchObject({ error: { code: 'forbidden' } })
    expect(errorShapeProblem(res.body)).toBeNull()
    const direct = await call(route, { params: realParams(route, world), body: bodyFor(route), claims: claimsFor(a.id, 'customer', a.email) })
    expect(direct.status).toBe(403)
    expect(await snapshot(world)).toEqual(before)
  })
})

describe('an admin without two-step sign-in → 403 mfa_required on every admin route, no change', () => {
  let unenrolled: { token: string; email: string }
  beforeAll(async () => {
    // A real staff account that has not enrolled an authenticator app yet: signed in with its password only.
    const email = `matrix-staff-${randomUUID().slice(0, 8)}@example.com`
    await cognito('AdminCreateUser', { UserPoolId: stack().userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] })
    await cognito('AdminSetUserPassword', { UserPoolId: stack().userPoolId, Username: email, Password: 'Password123!', Permanent: true })
    await cognito('AdminAddUserToGroup', { UserPoolId: stack().userPoolId, Username: email, GroupName: 'admin' })
    const { AccessToken } = await signIn(email, 'Password123!')
    const sub = JSON.parse(Buffer.from(AccessToken.split('.')[1], 'base64url').toString()).sub as string
    await createProfileRepository(defaultTable()).createProfile({ id: sub, email, firstName: 'Noel', lastName: 'Nokey', role: 'admin' })
    unenrolled = { token: AccessToken, email }
  })

  it.each(adminRoutes.map((r) => [routeKey(r), r] as const))('%s', async (_k, route) => {
    const before = await snapshot(world)
    const res = await api(concretePath(route, realParams(route, world)), { method: route.method, body: bodyFor(route), token: unenrolled.token })
    expect(res.status, JSON.stringify(res.body)).toBe(403)
    expect(res.body).toEqual({ error: { code: 'mfa_required', message: 'Set up two-step sign-in to use the staff pages.' } })
    expect(await snapshot(world)).toEqual(before)
  })

  it('while their own profile answers (the SPA reads it before showing how to enroll)', async () => {
    expect((await api('/api/me', { token: unenrolled.token })).status).toBe(200)
  })
})

describe('a sign-in older than the end of its sessions → 401 session_ended on every signed-in route, no change', () => {
  // The owner and a staff member whose sessions ended after these sign-ins were made (a password change, two-step
  // sign-in set up, an archive: docs/api.md, "Sessions"); their later sign-ins are let in.
  const older = (claims: Record<string, string>) => ({ ...claims, auth_time: '1000' })
  let staffClaims: Record<string, string>
  beforeAll(async () => {
    await endSessionsBefore(defaultTable(), a.id, 1_000_000)
    staffClaims = (await createTestUser('admin')).claims
  })

  it.each(protectedRoutes.map((r) => [routeKey(r), r] as const))('%s', async (_k, route) => {
    const before = await snapshot(world)
    const claims = older(isStaffRoute(route) ? staffClaims : claimsFor(a.id, 'customer', a.email))
    const res = await call(route, { params: realParams(route, world), body: bodyFor(route), claims })
    expect(res.status, res.text).toBe(401)
    expect(res.body).toEqual({ error: { code: 'session_ended', message: 'Your session has ended. Please sign in again.' } })
    expect(await snapshot(world)).toEqual(before)
  })

  it('while a sign-in after it is let in', async () => {
    expect((await call(routes.find((r) => routeKey(r) === 'GET /api/me')!, { claims: claimsFor(a.id, 'customer', a.email) })).status).toBe(200)
    expect((await api('/api/me', { token: a.token })).status).toBe(200)
  })
})

describe("another customer's ids → 404, no data, no change", () => {
  it('has routes to check', () => expect(customerIdRoutes.length).toBeGreaterThanOrEqual(5))

  it.each(customerIdRoutes.map((r) => [routeKey(r), r] as const))('%s', async (_k, route) => {
    const before = await snapshot(world)
    const res = await api(concretePath(route, realParams(route, world)), { method: route.method, body: bodyFor(route), token: b.token })
    expect(res.status, JSON.stringify(res.body)).toBe(404)
    expect(res.body).toMatchObject({ error: { code: 'not_found' } })
    expect(errorShapeProblem(res.body)).toBeNull()
    const text = JSON.stringify(res.body)
    const o = world.order
    for (const secret of [o.serialNumber, o.customerEmail, o.customerName, o.orderNumber, o.customerId, o.orderId, o.invoiceNumber, world.paymentIntentId, world.notificationId, world.updateId, world.lineId]) {
      expect(text, `the 404 body reveals ${secret}`).not.toContain(secret)
    }
    expect(await snapshot(world)).toEqual(before)
  })

  it('while the owner gets their data on the same reads (the ids are real)', async () => {
    for (const route of customerIdRoutes.filter((r) => r.method === 'GET')) {
      const res = await api(concretePath(route, realParams(route, world)), { token: a.token })
      expect(res.status, `${routeKey(route)}: ${JSON.stringify(res.body)}`).toBe(200)
    }
  })
})

describe('mass assignment: a customer cannot set what the contract does not let them set', () => {
  it('has routes to check', () => expect(customerWrites.length).toBeGreaterThanOrEqual(5))

  it.each(customerWrites.map((r) => [routeKey(r), r] as const))('%s refuses every forbidden field with a 400 naming it', async (_k, route) => {
    const before = await snapshot(world)
    const params = realParams(route, world)
    for (const [field, value] of Object.entries(FORBIDDEN_FIELDS)) {
      const body = { ...(bodyFor(route) ?? {}), [field]: value }
      const res = await api(concretePath(route, params), { method: route.method, body, token: a.token })
      expect(res.status, `${routeKey(route)} + ${field}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body.error.code).toBe('validation_failed')
      expect(res.body.error.fields?.[field], `${routeKey(route)}: the error names ${field}`).toMatch(/Unknown field/)
      expect(errorShapeProblem(res.body)).toBeNull()
    }
    expect(await snapshot(world)).toEqual(before)
  })
})

describe('the A&D book cannot be skipped: every staff route that sets a status refuses one without its book entry, changing nothing', () => {
  /** Routes whose body sets the order's status (their sample carries it): a new one is checked here by itself. */
  const shapeWorld = { customerId: '', order: { orderId: '', version: 1, invoiceId: '' } } as unknown as World
  const statusRoutes = adminRoutes.filter((r) => r.method !== 'GET' && ['status', 'currentStatus'].some((k) => k in (SAMPLE_BODIES[routeKey(r)]?.(shapeWorld) ?? {})))
  let waiting: World
  let staffClaims: Record<string, string>

  beforeAll(async () => {
    // An order of A's whose firearm has not come in: no intake, no entry in the book.
    waiting = await seedWorld(a.id, a.email, { received: false })
    staffClaims = (await createTestUser('admin')).claims
  })

  it('has routes to check (the edit form and the staff message)', () => {
    expect(statusRoutes.map(routeKey)).toEqual(expect.arrayContaining(['PATCH /api/admin/orders/{orderId}', 'POST /api/admin/orders/{orderId}/updates']))
  })

  it.each(statusRoutes.map((r) => [routeKey(r), r] as const))('%s: a status in the shop names Receive Firearm, one that left Release Firearm too', async (_k, route) => {
    const before = await snapshot(waiting)
    const sample = SAMPLE_BODIES[routeKey(route)](waiting)
    const key = 'currentStatus' in sample ? 'currentStatus' : 'status'
    for (const [status, message] of [['in_progress', /Receive Firearm/], ['work_complete', /Receive Firearm/], ['shipped', /Receive Firearm.*Release Firearm/], ['delivered', /Release Firearm/]] as const) {
      const res = await call(route, { params: realParams(route, waiting), body: { ...sample, [key]: status, releaseOverrideReason: 'Paid by phone' }, claims: staffClaims })
      expect(res.status, `${routeKey(route)} → ${status}: ${res.text}`).toBe(400)
      expect(res.body.error.message).toMatch(message)
      expect(res.body.error.fields?.[key]).toBe(res.body.error.message)
      expect(errorShapeProblem(res.body)).toBeNull()
    }
    expect(await snapshot(waiting)).toEqual(before)
  })
})

describe('staff roles: the route table decides who may call each staff route (shared/src/staff.ts)', () => {
  const refusedTo = (role: StaffRole) => adminRoutes.filter((r) => !staffMay(role, r.access as StaffAccess))
  const claimsOf: Partial<Record<StaffRole, Record<string, string>>> = {}
  let gunsmithId: string

  beforeAll(async () => {
    const [frontDesk, gunsmith] = await Promise.all([createTestUser('admin', 'Fran', { staffRole: 'front_desk' }), createTestUser('admin', 'Gus', { staffRole: 'gunsmith' })])
    claimsOf.front_desk = frontDesk.claims
    claimsOf.gunsmith = gunsmith.claims
    gunsmithId = gunsmith.userId
  })

  it('the owner alone has settings, write-offs, refunds and invoice repairs; a gunsmith has no money entries', () => {
    const ownerOnly = refusedTo('front_desk').map(routeKey)
    expect(ownerOnly).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/settings',
        'POST /api/admin/orders/{orderId}/adjustments',
        'POST /api/admin/orders/{orderId}/payments/{paymentId}/refunds',
        'POST /api/admin/invoices/{invoiceId}/fix',
      ]),
    )
    const gunsmith = refusedTo('gunsmith').map(routeKey)
    expect(gunsmith).toEqual(expect.arrayContaining(['POST /api/admin/orders/{orderId}/payments', 'POST /api/admin/orders/{orderId}/release', 'GET /api/admin/customers', 'GET /api/admin/book']))
    expect(refusedTo('owner')).toEqual([])
  })

  describe.each(['front_desk', 'gunsmith'] as const)('%s → 403 on every staff route their role may not call, no change', (role) => {
    it.each(refusedTo(role).map((r) => [routeKey(r), r] as const))('%s', async (_k, route) => {
      const before = await snapshot(world)
      const res = await call(route, { params: realParams(route, world), body: bodyFor(route), claims: claimsOf[role] })
      expect(res.status, `${routeKey(route)}: ${res.text}`).toBe(403)
      expect(res.body).toEqual({ error: { code: 'forbidden', message: staffMessages.roleForbidden } })
      expect(await snapshot(world)).toEqual(before)
    })
  })

  describe("a gunsmith → 404 on another gunsmith's (or nobody's) orders, no data, no change", () => {
    const orderRoutes = adminRoutes.filter((r) => staffMay('gunsmith', r.access as StaffAccess) && r.path.includes('{orderId}'))

    it('has routes to check', () => expect(orderRoutes.length).toBeGreaterThanOrEqual(10))

    it.each(orderRoutes.map((r) => [routeKey(r), r] as const))('%s', async (_k, route) => {
      const before = await snapshot(world)
      const res = await call(route, { params: realParams(route, world), body: bodyFor(route), claims: claimsOf.gunsmith })
      expect(res.status, `${routeKey(route)}: ${res.text}`).toBe(404)
      expect(res.body).toMatchObject({ error: { code: 'not_found' } })
      for (const secret of [world.order.serialNumber, world.order.customerEmail, world.order.customerName, world.order.orderNumber]) expect(res.text).not.toContain(secret)
      expect(await snapshot(world)).toEqual(before)
    })

    it('while the same reads answer once the order is assigned to them; the edit form takes the status alone', async () => {
      // The assignee set on the stored item alone (no version moved, so the world's other tests are unchanged): ElectroDB
      // refuses a patch of `assignedTo` without the bench index's other keys, which only a whole write has.
      const { order } = createService(defaultTable()).entities
      const { Key } = order.get({ orderId: world.order.orderId }).params() as { Key: Record<string, string> }
      const setAssignee = (value: { id: string; name: string } | null) =>
        defaultTable().client.send(
          new UpdateCommand(
            value
              ? { TableName: defaultTable().table, Key, UpdateExpression: 'SET assignedTo = :a, assignedToName = :n', ExpressionAttributeValues: { ':a': value.id, ':n': value.name } }
              : { TableName: defaultTable().table, Key, UpdateExpression: 'REMOVE assignedTo, assignedToName' },
          ),
        )
      await setAssignee({ id: gunsmithId, name: 'Gus' })
      try {
        for (const route of orderRoutes.filter((r) => r.method === 'GET')) {
          const res = await call(route, { params: realParams(route, world), claims: claimsOf.gunsmith })
          expect(res.status, `${routeKey(route)}: ${res.text}`).toBe(200)
        }
        const edit = routes.find((r) => routeKey(r) === 'PATCH /api/admin/orders/{orderId}')!
        const before = await snapshot(world)
        const price = await call(edit, { params: { orderId: world.order.orderId }, body: { version: world.order.version, estimatedCostCents: 1 }, claims: claimsOf.gunsmith })
        expect(price.status, price.text).toBe(403)
        expect(price.body.error.message).toBe(staffMessages.gunsmithFields)
        expect(await snapshot(world)).toEqual(before)
      } finally {
        await setAssignee(null)
      }
    })
  })
})
