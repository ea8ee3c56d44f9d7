import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import {
  LOCAL_WEBHOOK_SECRET,
  STRIPE_SECRET_KEY_SECRET_ARN,
  STRIPE_WEBHOOK_SECRET_ARN,
  WEBHOOK_SECRET_NOT_SET,
  resetStripeSecretsForTests,
  stripeSecrets,
} from '../../functions/lib/stripe-secrets.ts'

const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:gunsmith-dev/stripe-secret-key-AbCdEf'
const HOOK_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:gunsmith-dev/stripe-webhook-secret-GhIjKl'
// Built at runtime so this file holds no secret-looking literal.
const FAKE_KEY = ['sk', 'test', 'unitfakekey'].join('_')
const FAKE_HOOK = ['whsec', 'unitfakehook'].join('_')

/** A fake Secrets Manager: values by SecretId; undefined = created but never filled. */
function fakeClient(values: Record<string, string | undefined>) {
  const calls: string[] = []
  class FakeSecretsManager {
    async send(command: { constructor: { name: string }; input: { SecretId: string } }) {
      expect(command.constructor.name).toBe('GetSecretValueCommand')
      calls.push(command.input.SecretId)
      const value = values[command.input.SecretId]
      if (value === undefined) {
        const err = new Error("Secrets Manager can't find the specified secret value for staging label: AWSCURRENT")
        err.name = 'ResourceNotFoundException'
        throw err
      }
      return { SecretString: value }
    }
  }
  return { calls, Client: FakeSecretsManager as unknown as typeof SecretsManagerClient }
}

const saved = { ...process.env }
beforeEach(() => {
  for (const k of [STRIPE_SECRET_KEY_SECRET_ARN, STRIPE_WEBHOOK_SECRET_ARN, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[k]
})
afterEach(() => {
  process.env = { ...saved }
  resetStripeSecretsForTests()
  vi.restoreAllMocks()
})

function inAws(values: Record<string, string | undefined>) {
  process.env[STRIPE_SECRET_KEY_SECRET_ARN] = KEY_ARN
  process.env[STRIPE_WEBHOOK_SECRET_ARN] = HOOK_ARN
  const fake = fakeClient(values)
  resetStripeSecretsForTests(fake.Client)
  return fake
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
    class Denied {
      async send() {
        const err = new Error('User is not authorized to perform: secretsmanager:GetSecretValue')
        err.name = 'AccessDeniedException'
        throw err
      }
    }
    resetStripeSecretsForTests(Denied as unknown as typeof SecretsManagerClient)
    await expect(stripeSecrets()).rejects.toThrow(/not authorized/)
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
