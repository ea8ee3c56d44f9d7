import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, PaymentFailedError, PaymentProviderError, ValidationError } from '../../functions/lib/errors.ts'
import { STRIPE_API_VERSION, createStripeGateway, stripeClientOptionsFromEnv } from '../../functions/payments/stripe-gateway.ts'
import { paymentGateway } from '../../functions/payments/index.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import type { PaymentGateway, ProviderCharge } from '../../functions/payments/gateway.ts'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  form: URLSearchParams
}

/** A local fake of Stripe's /v1/payment_intents (and /v1/charges/:id): records requests, answers what the test queued. */
let server: Server
let port = 0
let seen: Seen[] = []
let reply: (req: Seen) => { status: number; body: unknown } = () => ({ status: 500, body: {} })

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, form: new URLSearchParams(raw) }
      seen.push(entry)
      const { status, body } = reply(entry)
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
      res.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  port = (server.address() as { port: number }).port
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  seen = []
})

const gateway = (): PaymentGateway =>
  createStripeGateway({ secretKey: 'sk_test_fake', client: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 } })

const request = {
  amountCents: 16_810,
  idempotencyKey: 'gs-intent-abc123',
  description: 'Payment for Order #GS-000123',
  receiptEmail: 'buyer@example.com',
  metadata: { orderId: '9b2f4c1e-0000-4000-8000-000000000001', orderNumbers: 'GS-000123', shippingSelected: 'true' },
}

const stripeError = (status: number, type: string, message: string, code?: string) => () => ({ status, body: { error: { type, message, code } } })

describe('Stripe adapter against a local fake of /v1/payment_intents', () => {
  it('creates a PaymentIntent with a form-encoded body, the pinned version and an idempotency key', async () => {
    reply = () => ({ status: 200, body: { id: 'pi_123', object: 'payment_intent', amount: 16_810, currency: 'usd', client_secret: 'pi_123_secret_abc', status: 'requires_payment_method' } })
    const intent = await gateway().createIntent(request)
    expect(intent).toEqual({ paymentIntentId: 'pi_123', clientSecret: 'pi_123_secret_abc', amountCents: 16_810 })
    expect(seen).toHaveLength(1)
    const [r] = seen
    expect(r.method).toBe('POST')
    expect(r.url).toBe('/v1/payment_intents')
    expect(r.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(r.headers['idempotency-key']).toBe('gs-intent-abc123')
    expect(r.headers['stripe-version']).toBe(STRIPE_API_VERSION)
    expect(r.headers.authorization).toBe('Bearer sk_test_fake')
    expect(Object.fromEntries(r.form)).toEqual({
      amount: '16810',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      receipt_email: 'buyer@example.com',
      description: 'Payment for Order #GS-000123',
      'metadata[orderId]': '9b2f4c1e-0000-4000-8000-000000000001',
      'metadata[orderNumbers]': 'GS-000123',
      'metadata[shippingSelected]': 'true',
    })
  })

  it('pins the apiVersion to the SDK release (stripe 23.1.0)', () => {
    expect(STRIPE_API_VERSION).toBe('2026-10-28.endive')
  })

  it('maps a card error to 402 "Payment failed: …"', async () => {
    reply = stripeError(402, 'card_error', 'Your card has insufficient funds.', 'card_declined')
    const err = await gateway().createIntent(request).catch((e) => e)
    expect(err).toBeInstanceOf(PaymentFailedError)
    expect(err.statusCode).toBe(402)
    expect(err.code).toBe('payment_failed')
    expect(err.message).toBe('Payment failed: Your card has insufficient funds.')
  })

  it('maps an invalid request to 400 "Invalid request: …"', async () => {
    reply = stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small')
    const err = await gateway().createIntent(request).catch((e) => e)
    expect(err).toBeInstanceOf(ValidationError)
    expect(err.statusCode).toBe(400)
    expect(err.message).toBe('Invalid request: Amount must be at least $0.50 usd')
  })

  it('maps anything else to "Payment processing error: …"', async () => {
    reply = stripeError(500, 'api_error', 'Something went wrong on Stripe.')
    const err = await gateway().createIntent(request).catch((e) => e)
    expect(err).toBeInstanceOf(PaymentProviderError)
    expect(err).toBeInstanceOf(ApiError)
    expect(err.statusCode).toBe(502)
    expect(err.message).toBe('Payment processing error: Something went wrong on Stripe.')
  })

  it('does not show an authentication error (it quotes the key) and says "Unknown error"', async () => {
    reply = stripeError(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****fake')
    // Stripe answers 401 for a bad key; the SDK raises StripeAuthenticationError for it.
    const err = await gateway().createIntent(request).catch((e) => e)
    expect(err.message).toBe('Payment processing error: Unknown error')
  })

  it('maps a network failure to "Payment processing error: …"', async () => {
    const down = createStripeGateway({ secretKey: 'sk_test_fake', client: { host: '127.0.0.1', port: 1, protocol: 'http', maxNetworkRetries: 0 } })
    const err = await down.createIntent(request).catch((e) => e)
    expect(err).toBeInstanceOf(PaymentProviderError)
    expect(err.message).toMatch(/^Payment processing error: /)
  })

  it('retrieves the intent with its latest charge expanded: status, amounts, receipt, secret, last error, created, metadata', async () => {
    reply = (r) =>
      r.url.startsWith('/v1/payment_intents/pi_123')
        ? {
            status: 200,
            body: {
              id: 'pi_123',
              object: 'payment_intent',
              status: 'succeeded',
              amount: 12_500,
              amount_received: 12_500,
              currency: 'usd',
              client_secret: 'pi_123_secret_xyz',
              last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
              created: 1_767_225_600,
              metadata: { orderId: 'o-1', orderNumbers: 'GS-000123' },
              latest_charge: { id: 'ch_1', object: 'charge', receipt_url: 'https://pay.stripe.com/receipts/abc' },
            },
          }
        : { status: 404, body: {} }
    expect(await gateway().retrieveIntent('pi_123')).toEqual({
      id: 'pi_123',
      status: 'succeeded',
      amountCents: 12_500,
      amountReceivedCents: 12_500,
      currency: 'usd',
      receiptUrl: 'https://pay.stripe.com/receipts/abc',
      clientSecret: 'pi_123_secret_xyz',
      lastPaymentError: 'Your card was declined.',
      created: 1_767_225_600,
      metadata: { orderId: 'o-1', orderNumbers: 'GS-000123' },
    })
    expect(seen[0].method).toBe('GET')
    expect(decodeURIComponent(seen[0].url)).toContain('expand[0]=latest_charge')
  })

  it('has no receipt before a charge exists, and no intent for an unknown id', async () => {
    reply = () => ({ status: 200, body: { id: 'pi_9', object: 'payment_intent', status: 'requires_payment_method', amount: 500, amount_received: 0, currency: 'usd', latest_charge: null } })
    expect(await gateway().retrieveIntent('pi_9')).toMatchObject({ status: 'requires_payment_method', amountReceivedCents: 0, receiptUrl: null, clientSecret: null, lastPaymentError: null, metadata: {} })
    reply = stripeError(404, 'invalid_request_error', 'No such payment_intent: pi_x', 'resource_missing')
    expect(await gateway().retrieveIntent('pi_x')).toBeNull()
  })
})

/** A PaymentIntent as Stripe lists it (latest charge expanded when it has one). */
const intent = (id: string, status: string, created: number) => ({
  id,
  object: 'payment_intent',
  status,
  amount: 5_000,
  amount_received: status === 'succeeded' ? 5_000 : 0,
  currency: 'usd',
  client_secret: `${id}_secret`,
  last_payment_error: null,
  created,
  metadata: { orderId: `order-${id}` },
  latest_charge: status === 'succeeded' ? { id: `ch_${id}`, object: 'charge', receipt_url: `https://pay.stripe.com/receipts/${id}` } : null,
})

const query = (r: Seen) => new URL(r.url, 'http://fake').searchParams

describe('Stripe adapter: cancelIntent', () => {
  it('cancels with POST /v1/payment_intents/:id/cancel and answers the status Stripe returns', async () => {
    reply = () => ({ status: 200, body: intent('pi_open', 'canceled', 1_767_225_600) })
    expect(await gateway().cancelIntent('pi_open')).toEqual({ status: 'canceled' })
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/payment_intents/pi_open/cancel'])
  })

  it('refused because the intent succeeded: retrieves it and answers "succeeded"', async () => {
    reply = (r) =>
      r.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
              },
            },
          }
        : { status: 200, body: intent('pi_paid', 'succeeded', 1_767_225_600) }
    expect(await gateway().cancelIntent('pi_paid')).toEqual({ status: 'succeeded' })
    expect(seen.map((r) => r.method)).toEqual(['POST', 'GET'])
    expect(seen[1].url).toMatch(/^\/v1\/payment_intents\/pi_paid\?/)
  })

  it('is null for an intent Stripe does not have', async () => {
    reply = stripeError(404, 'invalid_request_error', "No such payment_intent: 'pi_gone'", 'resource_missing')
    expect(await gateway().cancelIntent('pi_gone')).toBeNull()
    expect(seen).toHaveLength(1)
  })

  it('throws the contract errors for anything else, without a retrieve', async () => {
    reply = stripeError(500, 'api_error', 'Something went wrong on Stripe.')
    const err = await gateway().cancelIntent('pi_x').catch((e) => e)
    expect(err).toBeInstanceOf(PaymentProviderError)
    expect(err.message).toBe('Payment processing error: Something went wrong on Stripe.')
    reply = stripeError(400, 'invalid_request_error', 'Received unknown parameter: foo', 'parameter_unknown')
    const bad = await gateway().cancelIntent('pi_x').catch((e) => e)
    expect(bad).toBeInstanceOf(ValidationError)
    expect(bad.message).toBe('Invalid request: Received unknown parameter: foo')
    expect(seen.map((r) => r.method)).toEqual(['POST', 'POST'])
  })
})

describe('Stripe adapter: refund', () => {
  const refundRequest = { paymentIntentId: 'pi_paid', amountCents: 2_500, idempotencyKey: 'gs-refund-1', metadata: { orderId: 'o-1', reason: 'part unavailable' } }

  it('POSTs /v1/refunds with payment_intent, amount, metadata and the Idempotency-Key', async () => {
    reply = () => ({ status: 200, body: { id: 're_1', object: 'refund', amount: 2_500, status: 'succeeded', payment_intent: 'pi_paid' } })
    expect(await gateway().refund(refundRequest)).toEqual({ refundId: 're_1', status: 'succeeded', amountCents: 2_500 })
    expect(seen).toHaveLength(1)
    const [r] = seen
    expect(`${r.method} ${r.url}`).toBe('POST /v1/refunds')
    expect(r.headers['idempotency-key']).toBe('gs-refund-1')
    expect(r.headers['stripe-version']).toBe(STRIPE_API_VERSION)
    expect(Object.fromEntries(r.form)).toEqual({ payment_intent: 'pi_paid', amount: '2500', 'metadata[orderId]': 'o-1', 'metadata[reason]': 'part unavailable' })
  })

  it('answers "pending" for a refund Stripe has not settled (status null)', async () => {
    reply = () => ({ status: 200, body: { id: 're_2', object: 'refund', amount: 2_500, status: null } })
    expect(await gateway().refund(refundRequest)).toEqual({ refundId: 're_2', status: 'pending', amountCents: 2_500 })
  })

  it('maps an over-refund (invalid request) to 400 and a card error to 402', async () => {
    reply = stripeError(400, 'invalid_request_error', 'Refund amount ($250.00) is greater than unrefunded amount on charge ($125.00)')
    const over = await gateway().refund({ ...refundRequest, amountCents: 25_000 }).catch((e) => e)
    expect(over).toBeInstanceOf(ValidationError)
    expect(over.message).toBe('Invalid request: Refund amount ($250.00) is greater than unrefunded amount on charge ($125.00)')
    reply = stripeError(402, 'card_error', 'The card does not accept refunds.', 'card_declined')
    const card = await gateway().refund(refundRequest).catch((e) => e)
    expect(card).toBeInstanceOf(PaymentFailedError)
    expect(card.message).toBe('Payment failed: The card does not accept refunds.')
  })
})

describe('Stripe adapter: listSucceededCharges', () => {
  const since = new Date('2026-01-01T00:00:00.750Z')
  const sinceSeconds = String(Math.floor(since.getTime() / 1000))
  const until = new Date('2026-01-08T00:00:00.250Z')
  const untilSeconds = String(Math.floor(until.getTime() / 1000))

  /** A Charge as Stripe lists it (its intent unexpanded). */
  const charge = (id: string, status: string, created: number, over: Record<string, unknown> = {}) => ({
    id,
    object: 'charge',
    status,
    paid: status === 'succeeded',
    amount: 5_000,
    amount_captured: status === 'succeeded' ? 5_000 : 0,
    amount_refunded: 0,
    currency: 'usd',
    created,
    disputed: false,
    payment_intent: `pi_${id.slice(3)}`,
    receipt_url: status === 'succeeded' ? `https://pay.stripe.com/receipts/${id}` : null,
    ...over,
  })

  /** Pages of the fake's /v1/charges, chosen by starting_after (the first page has none); disputes by charge. */
  const pages = (byCursor: Record<string, { data: unknown[]; has_more: boolean }>, disputes: Record<string, string> = {}) => (r: Seen) => {
    const q = query(r)
    if (r.url.startsWith('/v1/disputes')) {
      const status = disputes[q.get('charge') ?? '']
      return { status: 200, body: { object: 'list', url: '/v1/disputes', has_more: false, data: status ? [{ id: `dp_${q.get('charge')}`, object: 'dispute', status, charge: q.get('charge') }] : [] } }
    }
    const page = byCursor[q.get('starting_after') ?? '']
    return page ? { status: 200, body: { object: 'list', url: '/v1/charges', ...page } } : { status: 400, body: { error: { type: 'invalid_request_error', message: 'unexpected page' } } }
  }
  const all = async (it: AsyncIterable<ProviderCharge>) => {
    const out: ProviderCharge[] = []
    for await (const c of it) out.push(c)
    return out
  }

  it('lists GET /v1/charges created[gte]=since&created[lte]=until, page after page (starting_after) to the last, and keeps the succeeded ones', async () => {
    reply = pages({
      '': { data: [charge('ch_s1', 'succeeded', 1_767_300_000), charge('ch_f1', 'failed', 1_767_290_000), charge('ch_s2', 'succeeded', 1_767_280_000)], has_more: true },
      ch_s2: { data: [charge('ch_p1', 'pending', 1_767_270_000), charge('ch_s3', 'succeeded', 1_767_260_000, { amount_refunded: 1_200 })], has_more: true },
      ch_s3: { data: [charge('ch_s4', 'succeeded', 1_767_250_000)], has_more: false },
    })
    const found = await all(gateway().listSucceededCharges({ since, until, pageSize: 3 }))
    expect(found.map((c) => c.id)).toEqual(['ch_s1', 'ch_s2', 'ch_s3', 'ch_s4'])
    expect(found[0]).toEqual({
      id: 'ch_s1',
      paymentIntentId: 'pi_s1',
      created: 1_767_300_000,
      amountCents: 5_000,
      amountRefundedCents: 0,
      currency: 'usd',
      receiptUrl: 'https://pay.stripe.com/receipts/ch_s1',
      disputeStatus: null,
    })
    expect(found[2].amountRefundedCents).toBe(1_200)
    expect(seen).toHaveLength(3)
    for (const r of seen) {
      expect(`${r.method} ${r.url.split('?')[0]}`).toBe('GET /v1/charges')
      expect(query(r).get('created[gte]')).toBe(sinceSeconds)
      expect(query(r).get('created[lte]')).toBe(untilSeconds)
      expect(query(r).get('limit')).toBe('3')
    }
    expect(seen.map((r) => query(r).get('starting_after'))).toEqual([null, 'ch_s2', 'ch_s3'])
  })

  it("asks a disputed charge's dispute for its status", async () => {
    reply = pages({ '': { data: [charge('ch_d1', 'succeeded', 1_767_300_000, { disputed: true }), charge('ch_s1', 'succeeded', 1_767_290_000)], has_more: false } }, { ch_d1: 'needs_response' })
    const found = await all(gateway().listSucceededCharges({ since, until, pageSize: 100 }))
    expect(found.map((c) => [c.id, c.disputeStatus])).toEqual([['ch_d1', 'needs_response'], ['ch_s1', null]])
    expect(seen.map((r) => r.url.split('?')[0])).toEqual(['/v1/charges', '/v1/disputes'])
    expect(Object.fromEntries(query(seen[1]))).toEqual({ charge: 'ch_d1', limit: '1' })
  })

  it('reads no further page once the caller stops, and pages are at most 100', async () => {
    reply = pages({ '': { data: [charge('ch_s1', 'succeeded', 1_767_300_000), charge('ch_s2', 'succeeded', 1_767_290_000)], has_more: true } })
    for await (const c of gateway().listSucceededCharges({ since, until, pageSize: 250 })) {
      expect(c.id).toBe('ch_s1')
      break
    }
    expect(seen).toHaveLength(1)
    expect(query(seen[0]).get('limit')).toBe('100')
  })

  it('maps a failure to the contract errors', async () => {
    reply = stripeError(500, 'api_error', 'Something went wrong on Stripe.')
    await expect(all(gateway().listSucceededCharges({ since, until, pageSize: 10 }))).rejects.toBeInstanceOf(PaymentProviderError)
  })
})

describe('stripeClientOptionsFromEnv (STRIPE_API_BASE)', () => {
  it('is nothing when unset or blank (the SDK talks to api.stripe.com)', () => {
    expect(stripeClientOptionsFromEnv({ stage: 'prod' })).toBeUndefined()
    expect(stripeClientOptionsFromEnv({ stage: 'dev', stripeApiBase: '  ' })).toBeUndefined()
  })

  it('parses an http URL with a port, and an https one without', () => {
    expect(stripeClientOptionsFromEnv({ stage: 'local', stripeApiBase: 'http://127.0.0.1:12111' })).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' })
    expect(stripeClientOptionsFromEnv({ stage: 'dev', stripeApiBase: 'https://stripe-mock.internal/' })).toEqual({ host: 'stripe-mock.internal', port: 443, protocol: 'https' })
    expect(stripeClientOptionsFromEnv({ stage: 'local', stripeApiBase: 'http://[::1]:8080' })).toEqual({ host: '::1', port: 8080, protocol: 'http' })
  })

  it('is refused in prod', () => {
    expect(() => stripeClientOptionsFromEnv({ stage: 'prod', stripeApiBase: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_BASE is set but STAGE is prod/)
  })

  it('refuses junk, other protocols, paths and credentials, without echoing the value', () => {
    for (const junk of ['not a url', '127.0.0.1:12111', 'ftp://127.0.0.1:21', 'http://127.0.0.1:12111/v1', 'http://user:sk_live_secret@127.0.0.1:1', 'http://127.0.0.1:1?x=1']) {
      let err: unknown
      try {
        stripeClientOptionsFromEnv({ stage: 'dev', stripeApiBase: junk })
      } catch (e) {
        err = e
      }
      expect(err, junk).toBeInstanceOf(Error)
      expect((err as Error).message, junk).toMatch(/^STRIPE_API_BASE is invalid \(/)
      expect((err as Error).message).not.toContain('sk_live_secret')
    }
  })
})

describe('the gateway as production builds it (functions/payments/index.ts), from env', () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STAGE', 'STRIPE_SECRET_KEY_SECRET_ARN', 'STRIPE_WEBHOOK_SECRET_ARN']) {
      if (saved[k] === undefined) delete process.env[k]
      else process.env[k] = saved[k]
    }
    resetEnv()
  })
  const useEnv = (vars: Record<string, string>) => {
    delete process.env.STRIPE_SECRET_KEY_SECRET_ARN
    delete process.env.STRIPE_WEBHOOK_SECRET_ARN
    Object.assign(process.env, vars)
    resetEnv()
  }

  it('sends createIntent to STRIPE_API_BASE with the key from the environment', async () => {
    useEnv({ STRIPE_SECRET_KEY: 'sk_test_from_env', STRIPE_API_BASE: `http://127.0.0.1:${port}`, STAGE: 'dev' })
    reply = () => ({ status: 200, body: { id: 'pi_env', object: 'payment_intent', amount: 16_810, currency: 'usd', client_secret: 'pi_env_secret', status: 'requires_payment_method' } })
    const gw = await paymentGateway()
    expect(gw.mode).toBe('stripe')
    expect(await gw.createIntent(request)).toEqual({ paymentIntentId: 'pi_env', clientSecret: 'pi_env_secret', amountCents: 16_810 })
    expect(seen).toHaveLength(1)
    expect(`${seen[0].method} ${seen[0].url}`).toBe('POST /v1/payment_intents')
    expect(seen[0].headers.authorization).toBe('Bearer sk_test_from_env')
  })

  it('refuses to build it when STAGE is prod and STRIPE_API_BASE is set', async () => {
    useEnv({ STRIPE_SECRET_KEY: 'sk_test_from_env', STRIPE_API_BASE: `http://127.0.0.1:${port}`, STAGE: 'prod' })
    await expect(paymentGateway()).rejects.toThrow(/STRIPE_API_BASE is set but STAGE is prod/)
    expect(seen).toHaveLength(0)
  })
})
