import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, PaymentFailedError, PaymentProviderError, ValidationError } from '../../functions/lib/errors.ts'
import { STRIPE_API_VERSION, createStripeGateway } from '../../functions/payments/stripe-gateway.ts'
import type { PaymentGateway } from '../../functions/payments/gateway.ts'

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

  it('retrieves the intent with its latest charge expanded: status, amount received, currency, receipt', async () => {
    reply = (r) =>
      r.url.startsWith('/v1/payment_intents/pi_123')
        ? { status: 200, body: { id: 'pi_123', object: 'payment_intent', status: 'succeeded', amount: 12_500, amount_received: 12_500, currency: 'usd', latest_charge: { id: 'ch_1', object: 'charge', receipt_url: 'https://pay.stripe.com/receipts/abc' } } }
        : { status: 404, body: {} }
    expect(await gateway().retrieveIntent('pi_123')).toEqual({ id: 'pi_123', status: 'succeeded', amountCents: 12_500, amountReceivedCents: 12_500, currency: 'usd', receiptUrl: 'https://pay.stripe.com/receipts/abc' })
    expect(seen[0].method).toBe('GET')
    expect(decodeURIComponent(seen[0].url)).toContain('expand[0]=latest_charge')
  })

  it('has no receipt before a charge exists, and no intent for an unknown id', async () => {
    reply = () => ({ status: 200, body: { id: 'pi_9', object: 'payment_intent', status: 'requires_payment_method', amount: 500, amount_received: 0, currency: 'usd', latest_charge: null } })
    expect(await gateway().retrieveIntent('pi_9')).toMatchObject({ status: 'requires_payment_method', amountReceivedCents: 0, receiptUrl: null })
    reply = stripeError(404, 'invalid_request_error', 'No such payment_intent: pi_x', 'resource_missing')
    expect(await gateway().retrieveIntent('pi_x')).toBeNull()
  })
})
