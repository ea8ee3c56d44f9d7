import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  LOCAL_WEBHOOK_SECRET,
  STRIPE_SECRET_KEY_SECRET_ARN,
  STRIPE_WEBHOOK_SECRET_ARN,
  WEBHOOK_SECRET_NOT_SET,
  resetStripeSecretsForTests,
  stripeSecrets,
} from '../../functions/lib/stripe-secrets.ts'
import { localAwsService } from './local-aws-service.ts'

const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:gunsmith-dev/stripe-secret-key-AbCdEf'
const HOOK_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:gunsmith-dev/stripe-webhook-secret-GhIjKl'
// Built at runtime so this file holds no secret-looking literal.
const FAKE_KEY = ['sk', 'test', 'unitfakekey'].join('_')
const FAKE_HOOK = ['whsec', 'unitfakehook'].join('_')

/**
 * A local Secrets Manager speaking its JSON 1.1 protocol: values by SecretId (undefined = created but never
 * filled: ResourceNotFoundException), or `deny` for an AccessDeniedException. It checks what the client sends
 * as AWS would need it: the operation, the content type and a Signature V4 of the secretsmanager service.
 */
const fake = { values: {} as Record<string, string | undefined>, calls: [] as string[], deny: false, bad: [] as string[] }
const service = localAwsService(({ method, headers: h, body }) => {
  if (method !== 'POST' || h['x-amz-target'] !== 'secretsmanager.GetSecretValue' || h['content-type'] !== 'application/x-amz-json-1.1' || !/^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/us-east-1\/secretsmanager\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(String(h.authorization))) {
    fake.bad.push(`${method} ${h['x-amz-target']} ${h['content-type']} ${h.authorization}`)
  }
  const { SecretId } = JSON.parse(body) as { SecretId: string }
  fake.calls.push(SecretId)
  const answer = (status: number, json: object) => ({ status, body: JSON.stringify(json), headers: { 'content-type': 'application/x-amz-json-1.1' } })
  if (fake.deny) return answer(400, { __type: 'AccessDeniedException', Message: 'User is not authorized to perform: secretsmanager:GetSecretValue' })
  const value = fake.values[SecretId]
  if (value === undefined) return answer(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret value for staging label: AWSCURRENT" })
  return answer(200, { ARN: SecretId, Name: 'n', SecretString: value, VersionId: 'v1' })
})
let endpoint = ''
beforeAll(() => {
  endpoint = service.endpoint()
})

function fakeClient(values: Record<string, string | undefined>) {
  Object.assign(fake, { values, calls: [], deny: false, bad: [] })
  return fake
}

const saved = { ...process.env }
beforeEach(() => {
  for (const k of [STRIPE_SECRET_KEY_SECRET_ARN, STRIPE_WEBHOOK_SECRET_ARN, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[k]
})
afterEach(() => {
  expect(fake.bad).toEqual([])
  process.env = { ...saved }
  resetStripeSecretsForTests()
  vi.restoreAllMocks()
})

function inAws(values: Record<string, string | undefined>) {
  process.env[STRIPE_SECRET_KEY_SECRET_ARN] = KEY_ARN
  process.env[STRIPE_WEBHOOK_SECRET_ARN] = HOOK_ARN
  process.env.AWS_REGION = 'us-east-1'
  const f = fakeClient(values)
  resetStripeSecretsForTests(endpoint)
  return f
}

describe('stripeSecrets: local stack (no ARN variables)', () => {
  it('reads STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET from the environment', async () => {
    process.env.STRIPE_SECRET_KEY = FAKE_KEY
    process.env.STRIPE_WEBHOOK_SECRET = FAKE_HOOK
    const s = await stripeSecrets()
    expect(s.secretKey).toBe(FAKE_KEY)
    expect(s.webhookSecret).toBe(FAKE_HOOK)
  })

  it('has no secret key and the local signing secret when nothing is set', async () => {
    const s = await stripeSecrets()
    expect(s.secretKey).toBeNull()
    expect(s.webhookSecret).toBe(LOCAL_WEBHOOK_SECRET)
  })
})

describe('stripeSecrets: AWS (ARNs in the environment)', () => {
  it('fetches both secrets once per cold start and serves later calls from the cache', async () => {
    const fake = inAws({ [KEY_ARN]: FAKE_KEY, [HOOK_ARN]: FAKE_HOOK })
    const first = await stripeSecrets()
    expect(first.secretKey).toBe(FAKE_KEY)
    expect(first.webhookSecret).toBe(FAKE_HOOK)
    const second = await stripeSecrets()
    expect(second.secretKey).toBe(FAKE_KEY)
    expect(fake.calls.sort()).toEqual([HOOK_ARN, KEY_ARN].sort())
  })

  it('in a function given only the secret key (the API functions), fetches only that and never falls back to the local signing secret', async () => {
    const fake = inAws({ [KEY_ARN]: FAKE_KEY, [HOOK_ARN]: FAKE_HOOK })
    delete process.env[STRIPE_WEBHOOK_SECRET_ARN]
    const s = await stripeSecrets()
    expect(s.secretKey).toBe(FAKE_KEY)
    expect(() => s.webhookSecret).toThrow(WEBHOOK_SECRET_NOT_SET)
    expect(fake.calls).toEqual([KEY_ARN])
  })

  it('ignores STRIPE_SECRET_KEY in the environment when the ARNs are set', async () => {
    process.env.STRIPE_SECRET_KEY = 'not-this-one'
    inAws({ [KEY_ARN]: FAKE_KEY, [HOOK_ARN]: FAKE_HOOK })
    expect((await stripeSecrets()).secretKey).toBe(FAKE_KEY)
  })

  it('gives a null secret key and a clear webhook error while ops has not filled the secrets', async () => {
    const fake = inAws({})
    const s = await stripeSecrets()
    expect(s.secretKey).toBeNull()
    expect(() => s.webhookSecret).toThrow(WEBHOOK_SECRET_NOT_SET)
    expect(WEBHOOK_SECRET_NOT_SET).toBe('Stripe webhook secret is not set in Secrets Manager')
    // An unfilled secret is not cached: once ops fills it, the next call sees it.
    await stripeSecrets()
    expect(fake.calls.length).toBe(4)
  })

  it('treats a blank value as unset, and one unfilled secret does not hide the other', async () => {
    inAws({ [KEY_ARN]: FAKE_KEY, [HOOK_ARN]: '  ' })
    const s = await stripeSecrets()
    expect(s.secretKey).toBe(FAKE_KEY)
    expect(() => s.webhookSecret).toThrow(WEBHOOK_SECRET_NOT_SET)
  })

  it('passes other Secrets Manager failures on, with no secret value in the message', async () => {
    process.env[STRIPE_SECRET_KEY_SECRET_ARN] = KEY_ARN
    process.env[STRIPE_WEBHOOK_SECRET_ARN] = HOOK_ARN
    process.env.AWS_REGION = 'us-east-1'
    fakeClient({})
    fake.deny = true
    resetStripeSecretsForTests(endpoint)
    await expect(stripeSecrets()).rejects.toMatchObject({ name: 'AccessDeniedException', message: expect.stringMatching(/not authorized/) })
  })

  it('never writes a secret value to the console', async () => {
    const out: string[] = []
    for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void out.push(args.map(String).join(' ')))
    }
    inAws({ [KEY_ARN]: FAKE_KEY, [HOOK_ARN]: FAKE_HOOK })
    await stripeSecrets()
    expect(out.join('\n')).not.toContain(FAKE_KEY)
    expect(out.join('\n')).not.toContain(FAKE_HOOK)
  })
})
