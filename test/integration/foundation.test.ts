import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { ADMIN, CUSTOMER, api, cognito, signIn, signUp, stack, useStackTable } from './helpers.ts'

const INACTIVE = 'Account Inactive - Please contact the shop for assistance.'

let adminToken: string
let customerToken: string

beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
  customerToken = (await signIn(CUSTOMER.email, CUSTOMER.password)).AccessToken
})

describe('the local gateway serves the SPA config and the API', () => {
  it('answers the public health route without a token', async () => {
    const res = await api('/api/health')
    expect(res).toMatchObject({ status: 200, body: { ok: true } })
  })

  it('serves /config.json with the emulator endpoints and dev payments', async () => {
    const res = await api('/config.json')
    expect(res.body).toEqual({
      apiUrl: '/api',
      region: 'us-east-1',
      userPoolId: stack().userPoolId,
      userPoolClientId: stack().clientId,
      cognitoEndpoint: stack().cognitoEndpoint,
      paymentsMode: 'dev',
      stripePublishableKey: null,
    })
  })

  it("serves pages with the production Content-Security-Policy (cognito-local's origin for sign-in), so inline styles break here as in AWS", async () => {
    const res = await fetch(`${stack().url}/login`)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("style-src 'self'")
    expect(csp).toContain("script-src 'self' https://js.stripe.com")
    expect(csp).toContain(`connect-src 'self' ${new URL(stack().cognitoEndpoint).origin} https://api.stripe.com`)
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('answers an unknown /api path with the error shape', async () => {
    const res = await api('/api/nope', { token: customerToken })
    expect(res).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
  })

  it("sends every API answer with its length, as API Gateway does (the bench's client reads nothing else)", async () => {
    for (const [path, token] of [['/api/me', customerToken], ['/api/nope', customerToken], ['/api/me', undefined], ['/config.json', undefined]] as const) {
      const res = await fetch(`${stack().url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      const body = Buffer.from(await res.arrayBuffer())
      expect(res.headers.get('transfer-encoding'), path).toBeNull()
      expect(Number(res.headers.get('content-length')), path).toBe(body.length)
    }
  })
})

describe('authentication', () => {
  it('refuses a signed-in route without a token', async () => {
    const res = await api('/api/me')
    expect(res).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
  })

  it('refuses a forged or garbled token', async () => {
    const [h, p] = customerToken.split('.')
    for (const token of ['garbage', `${h}.${p}.c2lnbmF0dXJl`]) {
      expect((await api('/api/me', { token })).status).toBe(401)
    }
  })

  it('accepts an id token of the same pool and client as well', async () => {
    const { IdToken } = await signIn(CUSTOMER.email, CUSTOMER.password)
    const res = await api('/api/me', { token: IdToken })
    expect(res).toMatchObject({ status: 200, body: { email: CUSTOMER.email } })
  })

  it('gives each seeded account its profile and role', async () => {
    const me = await api('/api/me', { token: customerToken })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ email: CUSTOMER.email, role: 'customer', isActive: true, enableSmsNotifications: false })
    const admin = await api('/api/me', { token: adminToken })
    expect(admin.body).toMatchObject({ email: ADMIN.email, role: 'admin' })
  })

  it('refreshes tokens with GetTokensFromRefreshToken as Amplify 6 does', async () => {
    const { RefreshToken } = await signIn(CUSTOMER.email, CUSTOMER.password)
    const r = await cognito('GetTokensFromRefreshToken', { ClientId: stack().clientId, RefreshToken })
    const res = await api('/api/me', { token: r.AuthenticationResult.AccessToken })
    expect(res).toMatchObject({ status: 200, body: { email: CUSTOMER.email } })
  })
})

describe('roles', () => {
  it('keeps customers out of admin routes with a 403', async () => {
    const res = await api('/api/admin/customers', { token: customerToken })
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
  })

  it('lists customer profiles from the table for an admin, without admins', async () => {
    // Paged, newest first, on a table other files fill too: the seeded customer is found by email, the admin never.
    const res = await api('/api/admin/customers', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body.items[0]).toHaveProperty('orderCount')
    expect(res.body.items[0]).toHaveProperty('latestOrder')
    const byEmail = async (email: string) => (await api(`/api/admin/customers?search=${encodeURIComponent(email)}`, { token: adminToken })).body.items.map((c: { email: string }) => c.email)
    expect(await byEmail(CUSTOMER.email)).toEqual([CUSTOMER.email])
    expect(await byEmail(ADMIN.email)).toEqual([])
  })

  it('filters customers by name, email or phone', async () => {
    for (const search of ['casey', 'customer@example', '555-010-0002']) {
      const res = await api(`/api/admin/customers?search=${encodeURIComponent(search)}`, { token: adminToken })
      expect(res.body.items.map((c: { email: string }) => c.email)).toEqual([CUSTOMER.email])
    }
    const none = await api('/api/admin/customers?search=nobody-here', { token: adminToken })
    expect(none.body.items).toEqual([])
  })
})

describe('PATCH /api/me', () => {
  it('updates names, phone and the SMS flag, trimmed', async () => {
    const email = `patch-${randomUUID()}@example.com`
    await signUp(email, 'Password123!', { given_name: 'Pat', family_name: 'Ch' })
    const { AccessToken } = await signIn(email, 'Password123!')
    const res = await api('/api/me', { token: AccessToken, method: 'PATCH', body: { firstName: '  Patricia ', phone: '(555) 123-4567', enableSmsNotifications: true } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ firstName: 'Patricia', lastName: 'Ch', phone: '5551234567', enableSmsNotifications: true })
    expect((await api('/api/me', { token: AccessToken })).body.firstName).toBe('Patricia')
  })

  it('keeps the optional-email preference: on until the customer turns it off, a boolean only', async () => {
    const email = `prefs-${randomUUID()}@example.com`
    await signUp(email, 'Password123!', { given_name: 'Pref', family_name: 'Erence' })
    const { AccessToken } = await signIn(email, 'Password123!')
    expect((await api('/api/me', { token: AccessToken })).body).toMatchObject({ emailOptionalNotifications: true, enableSmsNotifications: false })
    const off = await api('/api/me', { token: AccessToken, method: 'PATCH', body: { emailOptionalNotifications: false } })
    expect(off).toMatchObject({ status: 200, body: { emailOptionalNotifications: false, firstName: 'Pref' } })
    const bad = await api('/api/me', { token: AccessToken, method: 'PATCH', body: { emailOptionalNotifications: 'no', firstName: 'Changed' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toHaveProperty('emailOptionalNotifications')
    expect((await api('/api/me', { token: AccessToken })).body).toMatchObject({ emailOptionalNotifications: false, firstName: 'Pref' })
  })

  it('rejects fields a customer may not set, bad phones, bad JSON and wrong content types with 400', async () => {
    const role = await api('/api/me', { token: customerToken, method: 'PATCH', body: { role: 'admin' } })
    expect(role).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', fields: { role: 'Unknown field: role' } } } })
    const phone = await api('/api/me', { token: customerToken, method: 'PATCH', body: { phone: '12' } })
    expect(phone.body.error.fields.phone).toBe('Please enter a valid phone number')
    const json = await api('/api/me', { token: customerToken, method: 'PATCH', body: '{oops', headers: { 'content-type': 'application/json' } })
    expect(json).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message: 'Request body must be valid JSON' } } })
    const type = await api('/api/me', { token: customerToken, method: 'PATCH', body: 'firstName=x', headers: { 'content-type': 'text/plain' } })
    expect(type.status).toBe(400)
    expect((await api('/api/me', { token: customerToken })).body.role).toBe('customer')
  })
})

describe('registration', () => {
  it('confirms a local sign-up, puts the user in customer and creates the trimmed profile', async () => {
    const email = `new-${randomUUID()}@example.com`
    const res = await signUp(email, 'Password123!', { given_name: '  Jamie ', family_name: ' Doe  ', phone_number: '+15551234567' })
    expect(res.UserConfirmed).toBe(true)
    const tokens = await signIn(email, 'Password123!')
    const payload = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1], 'base64url').toString())
    expect(payload['cognito:groups']).toEqual(['customer'])
    const me = await api('/api/me', { token: tokens.AccessToken })
    expect(me.body).toMatchObject({ email, firstName: 'Jamie', lastName: 'Doe', phone: '+15551234567', role: 'customer', enableSmsNotifications: false, isActive: true })
  })
})

describe('inactive accounts', () => {
  it('refuses an archived profile with 403 and the spec message, even with a valid token', async () => {
    const email = `gone-${randomUUID()}@example.com`
    await signUp(email, 'Password123!', { given_name: 'Gone', family_name: 'Away' })
    const { AccessToken } = await signIn(email, 'Password123!')
    const me = await api('/api/me', { token: AccessToken })
    await createProfileRepository(defaultTable()).archiveProfile(me.body.id)
    const res = await api('/api/me', { token: AccessToken })
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: INACTIVE } } })
    const list = await api('/api/admin/customers', { token: adminToken })
    expect(list.body.items.map((c: { email: string }) => c.email)).not.toContain(email)
  })
})
