/**
 * Staff accounts (Settings → User Management) through the real handlers: the owner invites a staff member (a Cognito
 * user in `admin` waiting for a new password, the profile with its role), who signs in the first time (a password,
 * an authenticator) and is recorded as signed in; a role change applies at the next request; a disabled account is
 * refused at once and its sessions end; enabled again, it signs in; a reset authenticator is set up again; every
 * change is in the audit log; only the owner manages staff; the last active owner cannot be demoted or disabled, not
 * even by two owners demoting each other at the same moment.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { staffMessages } from '@gs/shared/staff'
import { staffAccountMessages, type StaffList, type StaffMember } from '@gs/shared/staff-accounts'
import { routeKey, routes } from '../../functions/routes.ts'
import { createAuditRepository } from '../../functions/db/repositories/audit.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { ADMIN, CUSTOMER, api, cognito, enrollTotp, nextSecond, signIn, stack, useOwnTable, useStackTable } from './helpers.ts'
import { call, claimsFor, createTestUser, type TestUser } from './quality-helpers.ts'

const INACTIVE = 'Account Inactive - Please contact the shop for assistance.'
const tag = () => randomUUID().slice(0, 8)
const WAIT = { timeout: 30_000, interval: 200 }

let ownerToken: string
let ownerId: string

const owner = (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { token: ownerToken, ...init })
const staffList = async (): Promise<StaffList> => {
  const res = await owner('/api/admin/staff')
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}
const member = async (id: string): Promise<StaffMember | undefined> => (await staffList()).items.find((m) => m.id === id)

/** Where a sign-in stands in the pool. */
async function poolUser(email: string) {
  const user = await cognito('AdminGetUser', { UserPoolId: stack().userPoolId, Username: email })
  return { status: user.UserStatus as string, enabled: user.Enabled as boolean }
}
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>

/**
 * The invited person's first sign-in, as the SPA walks them through it: the temporary password (set here to a known
 * one: the invitation mail's is checked by the Playwright journey), a new password, an authenticator app set up, and
 * the sign-in with its code that the staff pages let in. Returns their password, key and token.
 */
async function firstSignIn(email: string) {
  const password = `Temp-${tag()}-Pass1`
  await cognito('AdminSetUserPassword', { UserPoolId: stack().userPoolId, Username: email, Password: password, Permanent: false })
  expect((await poolUser(email)).status).toBe('FORCE_CHANGE_PASSWORD')
  const first = await signIn(email, password) // answers NEW_PASSWORD_REQUIRED (infra/local/sign-in.ts)
  expect((await poolUser(email)).status).toBe('CONFIRMED')
  expect(claimsOf(first.AccessToken)['cognito:groups']).toEqual(expect.arrayContaining(['admin']))
  expect((await api('/api/admin/orders', { token: first.AccessToken })).body.error.code).toBe('mfa_required')
  const secret = await enrollTotp(first.AccessToken)
  expect((await api('/api/admin/orders', { token: first.AccessToken })).status).toBe(401) // two-step on: sign in again
  await nextSecond()
  const { AccessToken: token } = await signIn(email, password, secret)
  return { password, secret, token }
}

beforeAll(async () => {
  useStackTable()
  ownerToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
  ownerId = (await api('/api/me', { token: ownerToken })).body.id
}, 60_000)

describe('the seeded admin', () => {
  it('is the Owner, and sees the staff list with themselves in it', async () => {
    expect((await owner('/api/me')).body.staffRole).toBe('owner')
    const me = await member(ownerId)
    expect(me).toMatchObject({ email: ADMIN.email, staffRole: 'owner', isActive: true, twoStepSetUp: true, pending: false })
    expect((await staffList()).activeOwners).toBeGreaterThanOrEqual(1)
  })
})

describe('an invited front desk member, from invitation to disabled and back', () => {
  const email = `desk-${tag()}@example.com`
  let staffId: string
  let creds: { password: string; secret: string; token: string }

  it('invite: a Cognito user in admin with a temporary password, the profile with the role, pending; audited', async () => {
    const res = await owner('/api/admin/staff', { method: 'POST', body: { email: ` ${email.toUpperCase()} `, firstName: 'Fran', lastName: 'Desk', staffRole: 'front_desk' } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ email, firstName: 'Fran', lastName: 'Desk', staffRole: 'front_desk', isActive: true, twoStepSetUp: false, lastSignInAt: null, pending: true })
    staffId = res.body.id
    expect(await poolUser(email)).toEqual({ status: 'FORCE_CHANGE_PASSWORD', enabled: true })
    expect(await member(staffId)).toMatchObject({ staffRole: 'front_desk', pending: true, lastSignInAt: null })
  })

  it('an email any account has (this one, a customer, the owner) is a 409 with a clear message, and nothing is created', async () => {
    for (const taken of [email, CUSTOMER.email, ADMIN.email.toUpperCase()]) {
      const before = (await staffList()).items.length
      const res = await owner('/api/admin/staff', { method: 'POST', body: { email: taken, firstName: 'Dup', lastName: 'Licate', staffRole: 'gunsmith' } })
      expect(res).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: staffAccountMessages.emailTaken(taken.toLowerCase()) } } })
      expect((await staffList()).items.length).toBe(before)
    }
  })

  it('bad input is a 400 naming the field, and nothing is created', async () => {
    for (const body of [
      { email: 'nope', firstName: 'A', lastName: 'B', staffRole: 'gunsmith' },
      { email: `x-${tag()}@example.com`, firstName: 'A', lastName: 'B', staffRole: 'boss' },
      { email: `x-${tag()}@example.com`, firstName: 'A', lastName: 'B', staffRole: 'gunsmith', password: 'x' },
    ]) {
      const res = await owner('/api/admin/staff', { method: 'POST', body })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.error.code).toBe('validation_failed')
    }
    const res = await owner(`/api/admin/staff/${staffId}`, { method: 'PATCH', body: {} })
    expect(res).toMatchObject({ status: 400, body: { error: { message: staffAccountMessages.nothingToChange } } })
  })

  it('first sign-in: a new password and an authenticator; the sign-in is recorded; a counter route answers', async () => {
    creds = await firstSignIn(email)
    expect((await api('/api/admin/customers', { token: creds.token })).status).toBe(200)
    expect((await api('/api/me', { token: creds.token })).body.staffRole).toBe('front_desk')
    await vi.waitFor(async () => expect((await member(staffId))?.lastSignInAt).not.toBeNull(), WAIT)
    const row = (await member(staffId))!
    expect(row).toMatchObject({ twoStepSetUp: true, pending: false })
    expect(Date.now() - Date.parse(row.lastSignInAt!)).toBeLessThan(10 * 60_000)
  })

  it('the front desk cannot manage staff (403 on every staff-management route), but lists the gunsmiths', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/staff', undefined],
      ['POST', '/api/admin/staff', { email: `x-${tag()}@example.com`, firstName: 'A', lastName: 'B', staffRole: 'owner' }],
      ['PATCH', `/api/admin/staff/${staffId}`, { staffRole: 'owner' }],
      ['PATCH', `/api/admin/staff/${ownerId}`, { isActive: false }],
      ['POST', `/api/admin/staff/${ownerId}/reset-two-step`, undefined],
    ] as const) {
      const res = await api(path, { token: creds.token, method, body })
      expect(res, `${method} ${path}`).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: staffMessages.roleForbidden } } })
    }
    expect((await member(staffId))?.staffRole).toBe('front_desk')
    expect((await member(ownerId))).toMatchObject({ isActive: true, staffRole: 'owner', twoStepSetUp: true })
    const gunsmiths = await api('/api/admin/staff/gunsmiths', { token: creds.token })
    expect(gunsmiths.status).toBe(200)
    expect(gunsmiths.body.items.some((g: { id: string }) => g.id === staffId)).toBe(false)
  })

  it('a role change applies at the next request: made a gunsmith, the same sign-in gets 403 on a counter route', async () => {
    const res = await owner(`/api/admin/staff/${staffId}`, { method: 'PATCH', body: { staffRole: 'gunsmith' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ id: staffId, staffRole: 'gunsmith', isActive: true })
    expect(await api('/api/admin/customers', { token: creds.token })).toMatchObject({ status: 403, body: { error: { message: staffMessages.roleForbidden } } })
    expect((await api('/api/admin/orders', { token: creds.token })).status).toBe(200) // their bench
    const gunsmiths = await owner('/api/admin/staff/gunsmiths')
    expect(gunsmiths.body.items).toContainEqual({ id: staffId, name: 'Fran Desk' })
  })

  it('disabled: refused at once (403 account inactive), sessions ended, Cognito refuses the sign-in; off the gunsmith list', async () => {
    const res = await owner(`/api/admin/staff/${staffId}`, { method: 'PATCH', body: { isActive: false } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ isActive: false })
    expect(await api('/api/admin/orders', { token: creds.token })).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: INACTIVE } } })
    expect(await api('/api/me', { token: creds.token })).toMatchObject({ status: 403, body: { error: { message: INACTIVE } } })
    await expect(signIn(email, creds.password, creds.secret)).rejects.toThrow(/User is disabled/)
    const { data } = await createService(defaultTable()).entities.profile.get({ userId: staffId }).go({ consistent: true })
    expect(data?.sessionsValidFrom).toBeGreaterThanOrEqual(Number(claimsOf(creds.token).auth_time))
    expect(await member(staffId)).toMatchObject({ isActive: false })
    expect((await owner('/api/admin/staff/gunsmiths')).body.items.some((g: { id: string }) => g.id === staffId)).toBe(false)
  })

  it('enabled again: the old sign-in stays ended, a new one is let in', async () => {
    const res = await owner(`/api/admin/staff/${staffId}`, { method: 'PATCH', body: { isActive: true } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect((await api('/api/admin/orders', { token: creds.token })).status).toBe(401)
    await nextSecond()
    const { AccessToken } = await signIn(email, creds.password, creds.secret)
    creds.token = AccessToken
    expect((await api('/api/admin/orders', { token: creds.token })).status).toBe(200)
  })

  it('reset authenticator: sessions end, the next sign-in asks for no code, the staff pages ask for a new app', async () => {
    await nextSecond() // the sign-in above is then older than the reset
    const res = await owner(`/api/admin/staff/${staffId}/reset-two-step`, { method: 'POST' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ id: staffId, twoStepSetUp: false })
    expect((await api('/api/admin/orders', { token: creds.token })).status).toBe(401)
    await nextSecond()
    const plain = await signIn(email, creds.password) // no code asked: it would throw for want of a key
    expect(await api('/api/admin/orders', { token: plain.AccessToken })).toMatchObject({ status: 403, body: { error: { code: 'mfa_required' } } })
    expect(await member(staffId)).toMatchObject({ twoStepSetUp: false })
    const secret = await enrollTotp(plain.AccessToken)
    expect((await api('/api/admin/orders', { token: plain.AccessToken })).status).toBe(401)
    await nextSecond()
    expect((await api('/api/admin/orders', { token: (await signIn(email, creds.password, secret)).AccessToken })).status).toBe(200)
    expect(await member(staffId)).toMatchObject({ twoStepSetUp: true })
  })

  it('every change is in the audit log, by the owner', async () => {
    const { items } = await createAuditRepository(defaultTable()).listForCustomer(staffId, { limit: 20 })
    expect(items.map((e) => e.action).reverse()).toEqual(['staff.invite', 'staff.role', 'staff.disable', 'staff.enable', 'staff.two_step_reset'])
    expect(new Set(items.map((e) => e.actorId))).toEqual(new Set([ownerId]))
    expect(items.find((e) => e.action === 'staff.role')?.changes).toEqual([{ field: 'Role', before: 'Front desk', after: 'Gunsmith' }])
    expect(items.find((e) => e.action === 'staff.disable')?.changes).toEqual([{ field: 'Status', before: 'Active', after: 'Disabled' }])
  })

  it('a staff member that is not there is a 404; a customer is not a staff member', async () => {
    const me = (await api('/api/me', { token: (await signIn(CUSTOMER.email, CUSTOMER.password)).AccessToken })).body.id
    for (const id of [randomUUID(), me]) {
      expect(await owner(`/api/admin/staff/${id}`, { method: 'PATCH', body: { staffRole: 'gunsmith' } })).toMatchObject({ status: 404, body: { error: { message: staffAccountMessages.notStaff } } })
      expect((await owner(`/api/admin/staff/${id}/reset-two-step`, { method: 'POST' })).status).toBe(404)
    }
  })
})

describe('the last active owner (a table of its own: its owners are only these)', () => {
  const route = (key: string) => routes.find((r) => routeKey(r) === key)!
  // A sign-in made now (a disable ends the sessions from before it; the account enabled again signs in anew).
  const now = (by: TestUser) => claimsFor(by.userId, 'admin', by.email)
  const patch = (by: TestUser, target: TestUser, body: unknown) => call(route('PATCH /api/admin/staff/{staffId}'), { params: { staffId: target.userId }, body, claims: now(by) })
  const list = async (by: TestUser): Promise<StaffList> => (await call(route('GET /api/admin/staff'), { claims: now(by) })).body

  let a: TestUser
  let b: TestUser

  beforeAll(async () => {
    await useOwnTable('owners')
    a = await createTestUser('admin', 'Olga', { staffRole: 'owner' })
  }, 60_000)

  it('cannot be demoted or disabled, by themselves: 409 with the reason, nothing changed, nothing audited', async () => {
    for (const body of [{ staffRole: 'front_desk' }, { staffRole: 'gunsmith' }, { isActive: false }, { staffRole: 'owner', isActive: false }]) {
      const res = await patch(a, a, body)
      expect(res, JSON.stringify(body)).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: staffAccountMessages.lastOwner } } })
    }
    expect(await list(a)).toMatchObject({ activeOwners: 1, items: [{ id: a.userId, staffRole: 'owner', isActive: true }] })
    expect((await createAuditRepository(defaultTable()).listForCustomer(a.userId, { limit: 5 })).items).toEqual([])
    // Keeping the role is no change of owners.
    expect((await patch(a, a, { staffRole: 'owner' })).status).toBe(200)
  })

  it('with a second owner, one may step down; then the other is the last', async () => {
    b = await createTestUser('admin', 'Otto', { staffRole: 'owner' })
    expect((await list(a)).activeOwners).toBe(2)
    expect((await patch(a, a, { staffRole: 'front_desk' })).status).toBe(200)
    expect(await patch(b, b, { isActive: false })).toMatchObject({ status: 409, body: { error: { message: staffAccountMessages.lastOwner } } })
    expect((await patch(a, a, { staffRole: 'owner' })).status).toBe(403) // a front desk now: not theirs to decide
    expect((await patch(b, a, { staffRole: 'owner' })).status).toBe(200)
    expect((await list(b)).activeOwners).toBe(2)
  })

  it('two owners demoting (or disabling) each other at the same moment: exactly one goes through, one owner is left', async () => {
    for (const [first, second] of [
      [{ staffRole: 'front_desk' }, { staffRole: 'gunsmith' }],
      [{ isActive: false }, { isActive: false }],
      [{ staffRole: 'gunsmith' }, { isActive: false }],
    ]) {
      const [ra, rb] = await Promise.all([patch(a, b, first), patch(b, a, second)])
      // One goes through. The other is refused by the last-owner check in its transaction (409), or, when the first
      // committed before its request was let in, by the gate, which already reads its new role or state (403).
      const [winner, loser] = ra.status === 200 ? [ra, rb] : [rb, ra]
      expect(winner.status, `${ra.text} | ${rb.text}`).toBe(200)
      expect([403, 409], `${ra.text} | ${rb.text}`).toContain(loser.status)
      expect(loser.body.error.message).toMatch(new RegExp(`${staffAccountMessages.lastOwner}|changed at the same time|${staffMessages.roleForbidden}|Account Inactive`))
      const after = await list(ra.status === 200 ? a : b)
      expect(after.activeOwners).toBe(1)
      // Back to two active owners for the next round, by the one left.
      const left = ra.status === 200 ? a : b
      const other = left === a ? b : a
      expect((await patch(left, other, { staffRole: 'owner', isActive: true })).status).toBe(200)
      // A disable ends the person's sign-ins through its second: re-enabled, they sign in again.
      await nextSecond()
      other.claims = { ...other.claims, auth_time: String(Math.floor(Date.now() / 1000)) }
      expect((await list(a)).activeOwners).toBe(2)
    }
  })
})
