/**
 * The Lambda bundles as the CDK builds them, run in fresh Node processes against the local stack's DynamoDB Local and
 * cognito-local: what only a bundle has (ElectroDB's copy without its model schemas, the functions' own DynamoDB
 * commands in place of @aws-sdk/lib-dynamodb, the lazy `require`) reads and writes real data, and the first request's
 * Cognito calls (a staff member's two-step check, the sign-up trigger) go through functions/lib/aws. The other
 * integration tests run the handlers from source.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBundles, type BuiltBundle } from '../../infra/constructs/lambda-bundle.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { ADMIN, api, cognito, newCustomer, signIn, stack, useStackTable } from './helpers.ts'

const root = path.resolve(import.meta.dirname, '../..')
const outDir = fs.mkdtempSync(path.join(root, 'node_modules', '.bundled-handlers-'))
let built: BuiltBundle[] = []
beforeAll(() => {
  useStackTable()
  built = buildBundles({ outDir })
}, 120_000)
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }))

const entryOf = (group: string) => pathToFileURL(built.find((b) => b.group === group)!.entryFile).href

/** Calls a bundle's handler with `events` in one fresh Node process (one cold start, then warm calls); their results in order. */
function invoke(group: string, events: unknown[]): any[] {
  const s = stack()
  const r = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `
      const { handler } = await import(process.argv[1])
      const out = []
      for (const e of JSON.parse(process.argv[2])) out.push(await handler(e, { awsRequestId: 'bundle-test', functionName: ${JSON.stringify(group)} }))
      console.log(JSON.stringify(out))`, entryOf(group), JSON.stringify(events)],
    {
      encoding: 'utf8',
      // As the CDK sets a function's environment; no AWS SDK variables: nothing here loads it.
      env: {
        PATH: process.env.PATH,
        NODE_OPTIONS: '--enable-source-maps',
        TABLE_NAME: s.tableName,
        USER_POOL_ID: s.userPoolId,
        AWS_REGION: 'us-east-1',
        DYNAMODB_ENDPOINT: s.dynamoEndpoint,
        COGNITO_ENDPOINT: s.cognitoEndpoint,
        LOG_LEVEL: 'silent',
      },
      timeout: 60_000,
    },
  )
  if (r.status !== 0) throw new Error(`${group} exited ${r.status}: ${r.stderr}`)
  return JSON.parse(r.stdout)
}

/** An HTTP API (payload 2.0) event as API Gateway's JWT authorizer passes it. */
function event(method: string, p: string, claims: Record<string, string>, body?: unknown) {
  const [rawPath, rawQueryString = ''] = p.split('?')
  return {
    version: '2.0',
    routeKey: `${method} ${rawPath.replace(/\/[0-9a-f-]{36}(?=\/|$)/, '/{orderId}')}`,
    rawPath,
    rawQueryString,
    queryStringParameters: rawQueryString ? Object.fromEntries(new URLSearchParams(rawQueryString)) : undefined,
    headers: { 'content-type': 'application/json' },
    requestContext: { http: { method, path: rawPath }, requestId: `bundle-${Math.random()}`, authorizer: { jwt: { claims, scopes: [] } } },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  }
}

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub as string

describe('the bundled functions, on the local stack', () => {
  it("api-customer: reads and writes a customer's profile, reads their notifications (the bundle's own DynamoDB client and ElectroDB)", async () => {
    const { id, token } = await newCustomer('bundled')
    const claims = { sub: id, 'cognito:groups': '[customer]', token_use: 'access' }
    const [me, patched, again, notifications] = invoke('api-customer', [
      event('GET', '/api/me', claims),
      event('PATCH', '/api/me', claims, { phone: '+1 (555) 010-4242' }),
      event('GET', '/api/me', claims),
      event('GET', '/api/notifications', claims),
    ])
    expect(me.statusCode).toBe(200)
    expect(JSON.parse(me.body)).toMatchObject({ id, firstName: 'Pat', lastName: 'Payer' })
    expect(patched.statusCode).toBe(200)
    expect(JSON.parse(again.body).phone).toBe('+15550104242')
    expect(notifications.statusCode).toBe(200)
    // The source handlers read what the bundle wrote.
    expect((await api('/api/me', { token })).body).toEqual(JSON.parse(again.body))
  })

  it("api-admin: a staff route checks the admin's authenticator app in cognito-local (AdminGetUser) and lists orders", async () => {
    const adminId = subOf((await signIn(ADMIN.email, ADMIN.password)).AccessToken)
    const [orders] = invoke('api-admin', [event('GET', '/api/admin/orders?view=active', { sub: adminId, 'cognito:groups': '[admin]', token_use: 'access' })])
    expect(orders.statusCode).toBe(200)
    expect(Array.isArray(JSON.parse(orders.body).items)).toBe(true)
    // An admin without an authenticator app is refused, on the same path.
    const email = `bundled-staff-${crypto.randomUUID().slice(0, 8)}@example.com`
    const created = await cognito('AdminCreateUser', { UserPoolId: stack().userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] })
    const sub = (created.User.Attributes as Array<{ Name: string; Value: string }>).find((a) => a.Name === 'sub')!.Value
    await createProfileRepository(defaultTable()).ensureProfile({ id: sub, email, firstName: 'Sam', lastName: 'Staff', role: 'admin' })
    const [refused] = invoke('api-admin', [event('GET', '/api/admin/orders?view=active', { sub, 'cognito:groups': '[admin]', token_use: 'access' })])
    expect(refused.statusCode).toBe(403)
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'mfa_required', message: 'Set up two-step sign-in to use the staff pages.' } })
  })

  it('post-confirmation: adds a confirmed sign-up to the customer group (AdminAddUserToGroup) and writes their profile', async () => {
    const email = `bundled-signup-${crypto.randomUUID().slice(0, 8)}@example.com`
    const created = await cognito('AdminCreateUser', { UserPoolId: stack().userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'given_name', Value: 'Bea' }, { Name: 'family_name', Value: 'Bundled' }] })
    const attrs = Object.fromEntries((created.User.Attributes as Array<{ Name: string; Value: string }>).map((a) => [a.Name, a.Value]))
    const [result] = invoke('post-confirmation', [
      { triggerSource: 'PostConfirmation_ConfirmSignUp', userPoolId: stack().userPoolId, userName: created.User.Username, request: { userAttributes: { ...attrs, email, given_name: 'Bea', family_name: 'Bundled' } }, response: {} },
    ])
    expect(result.triggerSource).toBe('PostConfirmation_ConfirmSignUp')
    const groups = await cognito('AdminListGroupsForUser', { UserPoolId: stack().userPoolId, Username: created.User.Username })
    expect((groups.Groups as Array<{ GroupName: string }>).map((g) => g.GroupName)).toContain('customer')
    expect(await createProfileRepository(defaultTable()).getProfile(attrs.sub)).toMatchObject({ email, firstName: 'Bea', lastName: 'Bundled', role: 'customer' })
  })
})
