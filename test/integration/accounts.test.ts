import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { LOCAL_ADMIN_TOTP_SECRET, totpCode } from '../../infra/local/totp.ts'
import { ADMIN, api, enrollTotp, signIn, signUp, stack, useStackTable, nextSecond } from './helpers.ts'

/** A raw Cognito call through the local stack's cognito-local: the answer, or the error's type and message. */
async function cognitoRaw(target: string, body: unknown): Promise<{ ok: boolean; json: Record<string, any> }> {
  const res = await fetch(stack().cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  })
  return { ok: res.ok, json: (await res.json()) as Record<string, any> }
}

const errorType = (json: Record<string, any>) => String(json.__type ?? json.code ?? '').split('#').pop()

const passwordAuth = (email: string, password: string) =>
  cognitoRaw('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().clientId, AuthParameters: { USERNAME: email, PASSWORD: password } })

const INACTIVE = 'Account Inactive - Please contact the shop for assistance.'
const tag = () => randomUUID().slice(0, 8)

let adminToken: string

beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

describe('one email, one account (the local pool is case-insensitive, as the AWS one)', () => {
  it('refuses a sign-up whose email differs from an existing one only in case or spaces', async () => {
    const email = `case-${tag()}@example.com`
    await signUp(email, 'Password123!', { given_name: 'Olive', family_name: 'Once' })
    for (const variant of [email.replace('case-', 'Case-').replace('example.com', 'Example.com'), email.toUpperCase(), `  ${email} `]) {
      const again = await cognitoRaw('SignUp', { ClientId: stack().clientId, Username: variant, Password: 'Password123!', UserAttributes: [{ Name: 'email', Value: variant }] })
      expect(again.ok).toBe(false)
      expect(errorType(again.json)).toBe('UsernameExistsException')
    }
  })

  it('stores a mixed-case sign-up in lower case and signs it in with any case', async () => {
    const lower = `zoe-${tag()}@example.com`
    await signUp(lower.toUpperCase(), 'Password123!', { given_name: 'Zoe', family_name: 'Zed' })
    for (const typed of [lower, lower.toUpperCase(), ` ${lower.replace('zoe', 'Zoe')} `]) {
      const { AccessToken } = await signIn(typed, 'Password123!')
      const me = await api('/api/me', { token: AccessToken })
      expect(me).toMatchObject({ status: 200, body: { email: lower, firstName: 'Zoe' } })
    }
  })

  it('keeps admin-created customers to one account per email, in any case, and finds them by email in any case', async () => {
    const email = `shop-${tag()}@example.com`
    const created = await api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email: ` ${email.toUpperCase()} `, password: 'Password123!', firstName: 'Sam', lastName: 'Shop' } })
    expect(created).toMatchObject({ status: 201, body: { email } })
    const dup = await api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email: email.replace('shop', 'Shop'), password: 'Password123!', firstName: 'Sam', lastName: 'Shop' } })
    expect(dup).toMatchObject({ status: 409, body: { error: { message: `A user with email ${email} already exists in the system` } } })
    const selfSignUp = await cognitoRaw('SignUp', { ClientId: stack().clientId, Username: email.toUpperCase(), Password: 'Password123!', UserAttributes: [{ Name: 'email', Value: email.toUpperCase() }] })
    expect(errorType(selfSignUp.json)).toBe('UsernameExistsException')
    const found = await api(`/api/admin/customers?search=${encodeURIComponent(email.toUpperCase())}`, { token: adminToken })
    expect(found.body.items.map((c: { id: string }) => c.id)).toEqual([created.body.id])
    const { AccessToken } = await signIn(email.toUpperCase(), 'Password123!')
    expect((await api('/api/me', { token: AccessToken })).body).toMatchObject({ id: created.body.id, email })
  })
})

describe('deactivated means out', () => {
  it('archive → sign-in refused with "User is disabled." → restore → sign-in works and the API answers', async () => {
    const email = `restore-${tag()}@example.com`
    const created = await api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email, password: 'Password123!', firstName: 'Rita', lastName: 'Restore' } })
    expect(created.status).toBe(201)
    const id = created.body.id as string
    const before = await signIn(email, 'Password123!')
    await nextSecond()

    expect((await api(`/api/admin/customers/${id}`, { token: adminToken, method: 'DELETE' })).status).toBe(200)
    const refused = await passwordAuth(email, 'Password123!')
    expect(refused.ok).toBe(false)
    expect(errorType(refused.json)).toBe('NotAuthorizedException')
    expect(refused.json.message).toBe('User is disabled.')
    // A wrong password says nothing about the account.
    expect((await passwordAuth(email, 'Wrong-password1')).json.message).not.toBe('User is disabled.')
    // Nor can the refresh token (revoked with the archive) or the token already held get anything.
    const refreshWith = async (token: string) => [
      await cognitoRaw('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack().clientId, AuthParameters: { REFRESH_TOKEN: token } }),
      await cognitoRaw('GetTokensFromRefreshToken', { ClientId: stack().clientId, RefreshToken: token }),
    ]
    for (const r of await refreshWith(before.RefreshToken)) expect([r.ok, errorType(r.json)]).toEqual([false, 'NotAuthorizedException'])
    expect(await api('/api/me', { token: before.AccessToken })).toMatchObject({ status: 403, body: { error: { message: INACTIVE } } })
    const listed = await api(`/api/admin/customers?search=${encodeURIComponent(email)}`, { token: adminToken })
    expect(listed.body.items).toEqual([])

    const restored = await api(`/api/admin/customers/${id}/restore`, { token: adminToken, method: 'POST' })
    expect(restored).toMatchObject({ status: 200, body: { id, email, isActive: true, orderCount: 0, latestOrder: null } })
    const after = await signIn(email, 'Password123!')
    expect(await api('/api/me', { token: after.AccessToken })).toMatchObject({ status: 200, body: { id, isActive: true } })
    // The sessions from before the archive stay ended: the old token is refused, its refresh token mints nothing.
    expect(await api('/api/me', { token: before.AccessToken })).toMatchObject({ status: 401, body: { error: { code: 'session_ended' } } })
    for (const r of await refreshWith(before.RefreshToken)) expect(r.ok).toBe(false)
    expect((await api(`/api/admin/customers?search=${encodeURIComponent(email)}`, { token: adminToken })).body.items.map((c: { id: string }) => c.id)).toEqual([id])

    // Restoring an active customer changes nothing; an unknown one, or an admin, is 404.
    const again = await api(`/api/admin/customers/${id}/restore`, { token: adminToken, method: 'POST' })
    expect(again).toMatchObject({ status: 200, body: { id, isActive: true } })
    expect((await api(`/api/admin/customers/${randomUUID()}/restore`, { token: adminToken, method: 'POST' })).status).toBe(404)
    const adminId = (await api('/api/me', { token: adminToken })).body.id
    expect((await api(`/api/admin/customers/${adminId}/restore`, { token: adminToken, method: 'POST' })).status).toBe(404)
  })

  it('checks a temporary password before answering with the new-password challenge', async () => {
    const email = `temp-${tag()}@example.com`
    const made = await cognitoRaw('AdminCreateUser', { UserPoolId: stack().userPoolId, Username: email, TemporaryPassword: 'Temporary123!', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] })
    expect(made.ok).toBe(true)
    const wrong = await passwordAuth(email, 'not-the-password')
    expect(wrong.ok).toBe(false)
    expect(errorType(wrong.json)).toBe('NotAuthorizedException')
    expect(wrong.json.message).toBe('Incorrect username or password.')
    const right = await passwordAuth(email.toUpperCase(), 'Temporary123!')
    expect(right.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED')
    await cognitoRaw('AdminDeleteUser', { UserPoolId: stack().userPoolId, Username: email })
  })
})

describe('no orphan logins', () => {
  it('refuses a signed-in user who has no profile with 403 and the inactive message', async () => {
    const email = `orphan-${tag()}@example.com`
    await cognitoRaw('AdminCreateUser', { UserPoolId: stack().userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] })
    await cognitoRaw('AdminSetUserPassword', { UserPoolId: stack().userPoolId, Username: email, Password: 'Password123!', Permanent: true })
    const { AccessToken } = await signIn(email, 'Password123!')
    expect(await api('/api/me', { token: AccessToken })).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: INACTIVE } } })
    expect((await api('/api/orders', { token: AccessToken })).status).toBe(403)
    await cognitoRaw('AdminDeleteUser', { UserPoolId: stack().userPoolId, Username: email })
  })

  it('adopts, when the shop creates the customer, the sign-in a crash left without a profile', async () => {
    const email = `adopt-${tag()}@example.com`
    // What a crash between the Cognito user and the profile write leaves: a confirmed user in no group, no profile.
    const made = await cognitoRaw('AdminCreateUser', { UserPoolId: stack().userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] })
    const sub = made.json.User.Attributes.find((a: { Name: string }) => a.Name === 'sub').Value
    await cognitoRaw('AdminSetUserPassword', { UserPoolId: stack().userPoolId, Username: email, Password: 'Half-made123!', Permanent: true })

    const created = await api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email: email.toUpperCase(), password: 'Password123!', firstName: 'Ada', lastName: 'Adopted' } })
    expect(created).toMatchObject({ status: 201, body: { id: sub, email, firstName: 'Ada' } })
    expect((await passwordAuth(email, 'Half-made123!')).ok).toBe(false)
    const tokens = await signIn(email, 'Password123!')
    const payload = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1], 'base64url').toString())
    expect(payload['cognito:groups']).toEqual(['customer'])
    expect(await api('/api/me', { token: tokens.AccessToken })).toMatchObject({ status: 200, body: { id: sub, email, role: 'customer' } })
    // Now a real customer: the next attempt is the spec's 409.
    const dup = await api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email, password: 'Password123!', firstName: 'Ada', lastName: 'Adopted' } })
    expect(dup).toMatchObject({ status: 409, body: { error: { message: `A user with email ${email} already exists in the system` } } })
  })

  it('answers 409 for an archived customer too (their disabled sign-in is theirs)', async () => {
    const email = `archived-${tag()}@example.com`
    const created = await api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email, password: 'Password123!', firstName: 'Arch', lastName: 'Ived' } })
    await api(`/api/admin/customers/${created.body.id}`, { token: adminToken, method: 'DELETE' })
    const dup = await api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email, password: 'Password123!', firstName: 'Arch', lastName: 'Ived' } })
    expect(dup).toMatchObject({ status: 409, body: { error: { message: `A user with email ${email} already exists in the system` } } })
  })

  it('writes the profile of a self-registration before the first API call, with the attributes cleaned', async () => {
    const email = `clean-${tag()}@example.com`
    await signUp(email, 'Password123!', { given_name: '   ', family_name: ' Doe ', phone_number: '12' })
    const { AccessToken } = await signIn(email, 'Password123!')
    expect(await api('/api/me', { token: AccessToken })).toMatchObject({ status: 200, body: { email, firstName: '', lastName: 'Doe', role: 'customer' } })
    expect((await api('/api/me', { token: AccessToken })).body.phone ?? null).toBeNull()
  })
})

describe('staff sign in with an authenticator app (TOTP)', () => {
  const newStaff = async () => {
    const email = `staff-${tag()}@example.com`
    const UserPoolId = stack().userPoolId
    await cognitoRaw('AdminCreateUser', { UserPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] })
    await cognitoRaw('AdminSetUserPassword', { UserPoolId, Username: email, Password: 'Password123!', Permanent: true })
    await cognitoRaw('AdminAddUserToGroup', { UserPoolId, Username: email, GroupName: 'admin' })
    const { AccessToken: token, RefreshToken: refreshToken } = await signIn(email, 'Password123!')
    const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string
    await createProfileRepository(defaultTable()).createProfile({ id: sub, email, firstName: 'Tia', lastName: 'Totp', role: 'admin' })
    return { email, token, refreshToken }
  }

  it('the seeded admin is asked for a code after the password, and a wrong code is refused', async () => {
    const first = await passwordAuth(ADMIN.email, ADMIN.password)
    expect(first.json.ChallengeName).toBe('SOFTWARE_TOKEN_MFA')
    expect(first.json.AuthenticationResult).toBeUndefined()
    const wrongCode = String((Number(totpCode(LOCAL_ADMIN_TOTP_SECRET)) + 1) % 1_000_000).padStart(6, '0')
    const wrong = await cognitoRaw('RespondToAuthChallenge', { ChallengeName: 'SOFTWARE_TOKEN_MFA', ClientId: stack().clientId, Session: first.json.Session, ChallengeResponses: { USERNAME: ADMIN.email, SOFTWARE_TOKEN_MFA_CODE: wrongCode } })
    expect(wrong.ok).toBe(false)
    expect(wrong.json.AuthenticationResult).toBeUndefined()
  })

  it('an admin who has not enrolled is refused on staff routes until they do; then every sign-in asks for the code', async () => {
    const staff = await newStaff()
    const refused = await api('/api/admin/customers', { token: staff.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ error: { code: 'mfa_required', message: 'Set up two-step sign-in to use the staff pages.' } })
    expect((await api('/api/me', { token: staff.token })).status).toBe(200)

    // Enrolled as the SPA does (a key from Cognito, a code from the app). The session signed in with the password
    // alone never reaches a staff route: the API records the app and ends it, and its refresh token mints nothing.
    const secret = await enrollTotp(staff.token)
    const twoStepOn = { status: 401, body: { error: { code: 'session_ended', message: 'Two-step sign-in is on. Please sign in again with your password and a code from your authenticator app.' } } }
    expect(await api('/api/admin/customers', { token: staff.token })).toMatchObject(twoStepOn)
    expect(await api('/api/admin/customers', { token: staff.token })).toMatchObject({ status: 401, body: { error: { code: 'session_ended' } } })
    expect(await api('/api/me', { token: staff.token })).toMatchObject({ status: 401, body: { error: { code: 'session_ended' } } })
    for (const r of [
      await cognitoRaw('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack().clientId, AuthParameters: { REFRESH_TOKEN: staff.refreshToken } }),
      await cognitoRaw('GetTokensFromRefreshToken', { ClientId: stack().clientId, RefreshToken: staff.refreshToken }),
    ]) expect([r.ok, errorType(r.json)]).toEqual([false, 'NotAuthorizedException'])

    // The next sign-in asks for the code, and is let in.
    await nextSecond()
    const again = await passwordAuth(staff.email, 'Password123!')
    expect(again.json.ChallengeName).toBe('SOFTWARE_TOKEN_MFA')
    const tokens = await signIn(staff.email, 'Password123!', secret)
    expect((await api('/api/admin/customers', { token: tokens.AccessToken })).status).toBe(200)

    // Turning the app off (with their own token) shuts the staff pages again and forgets the app: setting one up
    // again ends that session too (it was refreshed, or signed in, without a code in between).
    await nextSecond()
    await cognitoRaw('SetUserMFAPreference', { AccessToken: tokens.AccessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } })
    expect((await api('/api/admin/customers', { token: tokens.AccessToken })).body.error.code).toBe('mfa_required')
    const plain = await signIn(staff.email, 'Password123!')
    expect((await api('/api/admin/customers', { token: plain.AccessToken })).body.error.code).toBe('mfa_required')
    const secret2 = await enrollTotp(plain.AccessToken)
    expect(await api('/api/admin/customers', { token: plain.AccessToken })).toMatchObject(twoStepOn)
    expect(await api('/api/admin/customers', { token: plain.AccessToken })).toMatchObject({ status: 401, body: { error: { code: 'session_ended' } } })
    await nextSecond()
    expect((await api('/api/admin/customers', { token: (await signIn(staff.email, 'Password123!', secret2)).AccessToken })).status).toBe(200)
  })

  it('a customer is never asked for a code', async () => {
    const email = `plain-${tag()}@example.com`
    await signUp(email, 'Password123!', { given_name: 'Pia', family_name: 'Plain' })
    const r = await passwordAuth(email, 'Password123!')
    expect(r.json.ChallengeName).toBeUndefined()
    expect(r.json.AuthenticationResult?.AccessToken).toBeTruthy()
  })
})
