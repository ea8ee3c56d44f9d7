import { afterAll, inject } from 'vitest'
import { setCommandObserver, workerDynamoEndpoint, type CommandRead } from './command-observer.ts'
import { ACCOUNT_STATE_ATTRIBUTES } from '../../functions/db/repositories/account-state.ts'
import { resetDocumentClient } from '../../functions/db/client.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import { ensureTable, localDynamoClient } from '../../infra/local/table.ts'
import { cognitoLocalCall, passwordSignIn } from '../../infra/local/sign-in.ts'
import { totpCode } from '../../infra/local/totp.ts'

export const stack = () => inject('stack')

/** Points this worker's repositories at the shared local stack's table. */
export function useStackTable() {
  const s = stack()
  Object.assign(process.env, { TABLE_NAME: s.tableName, DYNAMODB_ENDPOINT: workerDynamoEndpoint() ?? s.dynamoEndpoint, AWS_REGION: 'us-east-1', COGNITO_ENDPOINT: s.cognitoEndpoint, USER_POOL_ID: s.userPoolId, LOG_LEVEL: 'silent', PHOTOS_BUCKET: s.photosBucket, S3_ENDPOINT: s.s3Endpoint })
  resetEnv()
  resetDocumentClient()
}

/**
 * Points this worker at a table of its own in the same DynamoDB Local (created with the real keys and
 * indexes): for tests that assert on whole-table numbers (the ledger counters), which other files
 * writing to the shared table at the same time would move.
 */
export async function useOwnTable(prefix: string): Promise<string> {
  useStackTable()
  const name = `${prefix}-${Math.random().toString(36).slice(2, 10)}`
  await ensureTable(localDynamoClient(stack().dynamoEndpoint), name)
  process.env.TABLE_NAME = name
  resetEnv()
  resetDocumentClient()
  return name
}

const cognito = (target: string, body: unknown) => cognitoLocalCall(stack().cognitoEndpoint)(target, body)

/** Signs in as the SPA does locally, answering its steps (infra/local/sign-in.ts), and returns the tokens. */
export async function signIn(email: string, password: string, totpSecret?: string) {
  const r = await passwordSignIn(cognito, { clientId: stack().clientId, email, password, totpSecret })
  return r.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken: string }
}

/** Enrolls a signed-in user's authenticator app as the SPA does (a random key from Cognito); returns the key. */
export async function enrollTotp(accessToken: string): Promise<string> {
  const { SecretCode } = await cognito('AssociateSoftwareToken', { AccessToken: accessToken })
  await cognito('VerifySoftwareToken', { AccessToken: accessToken, UserCode: totpCode(SecretCode) })
  await cognito('SetUserMFAPreference', { AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })
  return SecretCode as string
}

export async function signUp(email: string, password: string, attributes: Record<string, string>) {
  return cognito('SignUp', {
    ClientId: stack().clientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }, ...Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }))],
  })
}

export { cognito }

export const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }
export const CUSTOMER = { email: 'customer@example.com', password: 'CustomerPass123!' }

export async function api(path: string, { token, method = 'GET', body, headers = {} }: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${stack().url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = text
  }
  return { status: res.status, body: json, headers: res.headers }
}

/** A new customer, registered and signed in as the SPA does: their id (from /api/me) and access token. */
export async function newCustomer(prefix = 'customer'): Promise<{ id: string; token: string }> {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`
  await signUp(email, 'Password123!', { given_name: 'Pat', family_name: 'Payer' })
  const { AccessToken } = await signIn(email, 'Password123!')
  const me = await api('/api/me', { token: AccessToken })
  if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status} for a new customer`)
  return { id: me.body.id, token: AccessToken }
}

/**
 * The account gate's read of the caller's profile (functions/db/repositories/account-state.ts), which every signed-in
 * request sends first: a consistent GetItem of exactly the gate's attributes.
 */
export function isAccountGateRead(commandName: string, request: Record<string, unknown>): boolean {
  if (commandName !== 'GetItemCommand' || request.ConsistentRead !== true) return false
  // ElectroDB projects the table's keys and its own entity and version markers too.
  const names = Object.values((request.ExpressionAttributeNames ?? {}) as Record<string, string>).filter((n) => !['pk', 'sk', '__edb_e__', '__edb_v__'].includes(n))
  return names.length === ACCOUNT_STATE_ATTRIBUTES.length && ACCOUNT_STATE_ATTRIBUTES.every((a) => names.includes(a))
}

/**
 * For tests that count a route's own DynamoDB requests: an observer of every command the functions send (with the
 * items each request read, see CommandObserver), without the account gate's read of the caller that every signed-in
 * request makes first (read-budget.test.ts counts that one); `gateReads` keeps it. Call it in beforeAll; the
 * observer is removed after the file.
 */
export function countCommands(onCommand: (commandName: string, read?: CommandRead) => void, { gateReads = false }: { gateReads?: boolean } = {}) {
  setCommandObserver((name, read, request) => {
    if (gateReads || !isAccountGateRead(name, request)) onCommand(name, read)
  })
  restore = () => setCommandObserver(undefined)
}
let restore: (() => void) | undefined
afterAll(() => {
  restore?.()
  restore = undefined
})

/**
 * Waits for the next whole second: sign-ins carry their time in seconds (`auth_time`), and a session ended in the
 * same second as a sign-in does not end that sign-in (functions/auth/sessions.ts). Under a second.
 */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5))
}
