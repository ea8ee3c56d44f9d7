import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_POOL_ID, startCognitoLocal, type CognitoLocal } from '../../infra/local/cognito.ts'
import { freePort } from '../../infra/local/ports.ts'

/**
 * A cognito-local of its own (not the suite's stack) with a data folder written by an earlier version: a user
 * whose email was stored with capitals. The runner lower-cases every name it is sent, and still finds them.
 */
let cognito: CognitoLocal
let dir: string

async function call(target: string, body: unknown) {
  const res = await fetch(cognito.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  })
  return { ok: res.ok, json: (await res.json()) as Record<string, any> }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gs-cognito-runner-'))
  const port = await freePort()
  // First start writes the pool; stop, add the old-style user, start again.
  cognito = await startCognitoLocal({ stateDir: dir, port, lambdaEndpoint: 'http://127.0.0.1:9' })
  await cognito.stop()
  const poolFile = path.join(dir, '.cognito', 'db', `${LOCAL_POOL_ID}.json`)
  const pool = JSON.parse(readFileSync(poolFile, 'utf8'))
  const now = new Date().toISOString()
  pool.Users['0d6f5c8e-0000-4000-8000-000000000001'] = {
    Username: '0d6f5c8e-0000-4000-8000-000000000001',
    Password: 'Password123!',
    Attributes: [
      { Name: 'sub', Value: '0d6f5c8e-0000-4000-8000-000000000001' },
      { Name: 'email', Value: 'Old.Style@Example.com' },
      { Name: 'email_verified', Value: 'true' },
    ],
    Enabled: true,
    UserStatus: 'CONFIRMED',
    RefreshTokens: [],
    UserCreateDate: now,
    UserLastModifiedDate: now,
  }
  writeFileSync(poolFile, JSON.stringify(pool))
  cognito = await startCognitoLocal({ stateDir: dir, port: await freePort(), lambdaEndpoint: 'http://127.0.0.1:9' })
}, 60_000)

afterAll(async () => {
  await cognito?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('cognito-runner: names in any case', () => {
  it('signs in a user stored with capitals by an earlier version, typed in any case', async () => {
    for (const typed of ['old.style@example.com', 'OLD.STYLE@EXAMPLE.COM', ' Old.Style@Example.com ']) {
      const r = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cognito.clientId, AuthParameters: { USERNAME: typed, PASSWORD: 'Password123!' } })
      expect(r.ok, JSON.stringify(r.json)).toBe(true)
      expect(r.json.AuthenticationResult.AccessToken).toBeTruthy()
    }
  })

  it('refuses a new sign-up with that email in another case', async () => {
    const r = await call('SignUp', { ClientId: cognito.clientId, Username: 'old.style@example.com', Password: 'Password123!', UserAttributes: [{ Name: 'email', Value: 'old.style@example.com' }] })
    expect(r.ok).toBe(false)
    expect(String(r.json.__type ?? r.json.code)).toContain('UsernameExistsException')
  })
})
