/**
 * Sessions end when they must, for the API (its next request is 401 `session_ended`) and at Cognito (a refresh token
 * mints nothing): a password change, a password reset with the emailed code, two-step sign-in set up; and this
 * device signs in again at once. Through the real stack: the gateway, the functions' bundles, cognito-local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, cognito, nextSecond, signIn, signUp, stack, useStackTable } from './helpers.ts'
import { bundledFunction, stopBundledFunctions } from './functions.ts'

const tag = () => Math.random().toString(36).slice(2, 10)
const ENDED = { status: 401, body: { error: { code: 'session_ended', message: 'Your session has ended. Please sign in again.' } } }

/** A refresh with each of the flows an SPA uses: 'ok', or the type of Cognito's error. */
async function refreshes(refreshToken: string) {
  const call = async (target: string, body: unknown) => {
    const res = await fetch(stack().cognitoEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as { __type?: string; code?: string }
    return res.ok ? 'ok' : String(json.__type ?? json.code ?? res.status).split('#').pop()
  }
  return [
    await call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack().clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    await call('GetTokensFromRefreshToken', { ClientId: stack().clientId, RefreshToken: refreshToken }),
  ]
}

async function newCustomerAccount(password = 'Password123!') {
  const email = `session-${tag()}@example.com`
  await signUp(email, password, { given_name: 'Sid', family_name: 'Session' })
  return { email, password }
}

beforeAll(() => useStackTable())
afterAll(() => stopBundledFunctions())

describe('a password change (POST /api/me/password)', () => {
  it('ends every session of the person, also after a refresh; the new password signs in', async () => {
    const { email, password } = await newCustomerAccount()
    const laptop = await signIn(email, password)
    const phone = await signIn(email, password)
    expect((await api('/api/me', { token: phone.AccessToken })).status).toBe(200)
    await nextSecond()

    const changed = await api('/api/me/password', { token: laptop.AccessToken, method: 'POST', body: { currentPassword: password, newPassword: 'Changed789!' } })
    expect(changed.status).toBe(204)

    // The phone's token is refused at once, and its refresh token mints nothing; the laptop's own too (it signs in again).
    expect(await api('/api/me', { token: phone.AccessToken })).toMatchObject(ENDED)
    expect(await api('/api/orders', { token: phone.AccessToken })).toMatchObject(ENDED)
    expect(await refreshes(phone.RefreshToken)).toEqual(['NotAuthorizedException', 'NotAuthorizedException'])
    expect(await refreshes(laptop.RefreshToken)).toEqual(['NotAuthorizedException', 'NotAuthorizedException'])
    expect(await api('/api/me', { token: laptop.AccessToken })).toMatchObject(ENDED)

    // The old password is gone; the new one signs in, and that session is let in (in the same second too).
    await expect(signIn(email, password)).rejects.toThrow()
    const again = await signIn(email, 'Changed789!')
    expect((await api('/api/me', { token: again.AccessToken })).status).toBe(200)
    expect(await refreshes(again.RefreshToken)).toEqual(['ok', 'ok'])
  })

  it('refuses a wrong current password, a weak or unchanged new one, and a bad body with 400, changing nothing', async () => {
    const { email, password } = await newCustomerAccount()
    const { AccessToken } = await signIn(email, password)
    const post = (body: unknown) => api('/api/me/password', { token: AccessToken, method: 'POST', body })
    expect(await post({ currentPassword: 'Wrong1234!', newPassword: 'Changed789!' })).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed', fields: { currentPassword: 'Your current password is not correct.' } } },
    })
    expect((await post({ currentPassword: password, newPassword: 'short' })).body.error.fields).toEqual({ newPassword: 'Password must be at least 8 characters long' })
    expect((await post({ currentPassword: password, newPassword: password })).body.error.fields).toEqual({ newPassword: 'Choose a password different from your current one.' })
    expect((await post({ newPassword: 'Changed789!' })).status).toBe(400)
    expect((await post({ currentPassword: password, newPassword: 'Changed789!', role: 'admin' })).status).toBe(400)
    expect((await api('/api/me/password', { method: 'POST', body: { currentPassword: password, newPassword: 'Changed789!' } })).status).toBe(401)
    // Nothing changed: the session goes on, the password is the same.
    expect((await api('/api/me', { token: AccessToken })).status).toBe(200)
    expect((await signIn(email, password)).AccessToken).toBeTruthy()
  })
})

describe('a password reset with the emailed code (the sign-up trigger, PostConfirmation_ConfirmForgotPassword)', () => {
  it('ends every session of the person', async () => {
    const { email, password } = await newCustomerAccount()
    const phone = await signIn(email, password)
    const me = await api('/api/me', { token: phone.AccessToken })
    expect(me.status).toBe(200)
    await nextSecond()

    // What Cognito sends the trigger once ConfirmForgotPassword has set the new password.
    await bundledFunction('post-confirmation')({
      version: '1',
      region: 'us-east-1',
      userPoolId: stack().userPoolId,
      userName: email,
      callerContext: { awsSdkVersion: 'test', clientId: stack().clientId },
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
      request: { userAttributes: { sub: me.body.id, email } },
      response: {},
    })
    expect(await api('/api/me', { token: phone.AccessToken })).toMatchObject(ENDED)
    expect(await refreshes(phone.RefreshToken)).toEqual(['NotAuthorizedException', 'NotAuthorizedException'])
    // The person's next sign-in is let in.
    expect((await api('/api/me', { token: (await signIn(email, password)).AccessToken })).status).toBe(200)
  })
})

describe('two-step sign-in set up (POST /api/me/two-step-sign-in)', () => {
  async function newStaffMember() {
    const email = `staff-${tag()}@example.com`
    const UserPoolId = stack().userPoolId
    await cognito('AdminCreateUser', { UserPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] })
    await cognito('AdminSetUserPassword', { UserPoolId, Username: email, Password: 'Password123!', Permanent: true })
    await cognito('AdminAddUserToGroup', { UserPoolId, Username: email, GroupName: 'admin' })
    const tokens = await signIn(email, 'Password123!')
    const sub = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1], 'base64url').toString()).sub as string
    const { createProfileRepository } = await import('../../functions/db/repositories/profiles.ts')
    const { defaultTable } = await import('../../functions/db/table.ts')
    await createProfileRepository(defaultTable()).createProfile({ id: sub, email, firstName: 'Tom', lastName: 'Twostep', role: 'admin' })
    return { email, tokens }
  }

  it('is refused before the app is set up, and for a customer', async () => {
    const staff = await newStaffMember()
    expect(await api('/api/me/two-step-sign-in', { token: staff.tokens.AccessToken, method: 'POST' })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: 'Two-step sign-in is not set up yet: verify a code from your authenticator app first.' } },
    })
    expect((await api('/api/me', { token: staff.tokens.AccessToken })).status).toBe(200)
    const customer = await newCustomerAccount()
    expect((await api('/api/me/two-step-sign-in', { token: (await signIn(customer.email, customer.password)).AccessToken, method: 'POST' })).status).toBe(403)
  })

  it('records the app and ends the password-only session and every other; the sign-in with a code is let in', async () => {
    const staff = await newStaffMember()
    const other = await signIn(staff.email, 'Password123!')
    const { enrollTotp } = await import('./helpers.ts')
    const secret = await enrollTotp(staff.tokens.AccessToken)

    expect((await api('/api/me/two-step-sign-in', { token: staff.tokens.AccessToken, method: 'POST' })).status).toBe(204)
    for (const t of [staff.tokens, other]) {
      expect(await api('/api/admin/customers', { token: t.AccessToken })).toMatchObject({ status: 401, body: { error: { code: 'session_ended' } } })
      expect(await refreshes(t.RefreshToken)).toEqual(['NotAuthorizedException', 'NotAuthorizedException'])
    }
    await nextSecond()
    const withCode = await signIn(staff.email, 'Password123!', secret)
    expect((await api('/api/admin/customers', { token: withCode.AccessToken })).status).toBe(200)
  })
})
