/**
 * A local fake of the part of Stripe's API the portal calls (PaymentIntents and Refunds), for the official SDK pointed
 * at it (`client: { host, port, protocol: 'http' }`, as STRIPE_API_BASE does). It validates what Stripe validates for
 * these calls (the secret key, amounts in whole cents between $0.50 and $999,999.99, USD, a refund not above what is
 * left of the charge) and keeps Stripe's idempotency: the first answer under an Idempotency-Key, a 500 included, is
 * replayed to every request with that key, and the key with other parameters is refused. `failNext` makes the next
 * POSTs answer 500 after they started (saved under their key, as Stripe saves them), so a test can take the provider
 * down and bring it back.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { createStripeGateway } from '../../functions/payments/stripe-gateway.ts'

export interface FakeIntent {
  id: string
  object: 'payment_intent'
  status: string
  amount: number
  amount_received: number
  currency: string
  client_secret: string
  created: number
  metadata: Record<string, string>
  latest_charge: string | null
}

export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  payment_intent: string
  status: string
  metadata: Record<string, string>
  created: number
}

interface Answer {
  status: number
  body: unknown
}

export interface SeenRequest {
  method: string
  path: string
  idempotencyKey: string | null
  form: URLSearchParams
  status: number
}

const MIN = 50
const MAX = 99_999_999
const stripeError = (status: number, type: string, message: string, code?: string): Answer => ({ status, body: { error: { type, message, ...(code ? { code } : {}) } } })
const serverError = () => stripeError(500, 'api_error', 'An unknown error occurred')

/** Stripe's nested form fields (metadata[orderId]=…) as an object. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k)
    if (m) out[m[1]] = v
  }
  return out
}

/** Stripe's amount rules for a charge, its wording. */
function amountProblem(raw: string | null): Answer | null {
  if (raw === null || !/^\d+$/.test(raw)) return stripeError(400, 'invalid_request_error', 'Invalid integer: ' + (raw ?? ''), 'parameter_invalid_integer')
  const amount = Number(raw)
  if (amount < MIN) return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small')
  if (amount > MAX) return stripeError(400, 'invalid_request_error', 'Amount must be no more than $999,999.99', 'amount_too_large')
  return null
}

export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>()
  const refunds = new Map<string, FakeRefund>()
  const saved = new Map<string, { params: string; answer: Answer }>()
  const requests: SeenRequest[] = []
  let failures = 0

  function route(method: string, path: string, query: URLSearchParams, form: URLSearchParams): Answer {
    const [, , resource, id, action] = path.split('/')
    if (method === 'POST' && path === '/v1/payment_intents') {
      const problem = amountProblem(form.get('amount'))
      if (problem) return problem
      if (form.get('currency') !== 'usd') return stripeError(400, 'invalid_request_error', 'Invalid currency', 'parameter_invalid_empty')
      const pi: FakeIntent = { id: `pi_fake_${randomUUID().replace(/-/g, '').slice(0, 16)}`, object: 'payment_intent', status: 'requires_payment_method', amount: Number(form.get('amount')), amount_received: 0, currency: 'usd', client_secret: '', created: Math.floor(Date.now() / 1000), metadata: metadataOf(form), latest_charge: null }
      pi.client_secret = `${pi.id}_secret_fake`
      intents.set(pi.id, pi)
      return { status: 200, body: pi }
    }
    if (resource === 'payment_intents') {
      const pi = intents.get(id)
      if (!pi) return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, 'resource_missing')
      if (method === 'POST' && action === 'cancel') {
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status))
          return stripeError(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state')
        pi.status = 'canceled'
      }
      return { status: 200, body: pi }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(form.get('payment_intent') ?? '')
      if (!pi) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${form.get('payment_intent')}'`, 'resource_missing')
      const amount = Number(form.get('amount') ?? pi.amount_received)
      const left = pi.amount_received - [...refunds.values()].filter((r) => r.payment_intent === pi.id && r.status !== 'failed').reduce((s, r) => s + r.amount, 0)
      if (pi.status !== 'succeeded') return stripeError(400, 'invalid_request_error', `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`)
      if (!Number.isInteger(amount) || amount < 1) return stripeError(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer')
      if (amount > left) return stripeError(400, 'invalid_request_error', `Refund amount is greater than unrefunded amount on charge`, 'amount_too_large')
      const r: FakeRefund = { id: `re_fake_${randomUUID().replace(/-/g, '').slice(0, 16)}`, object: 'refund', amount, payment_intent: pi.id, status: 'succeeded', metadata: metadataOf(form), created: Math.floor(Date.now() / 1000) }
      refunds.set(r.id, r)
      return { status: 200, body: r }
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const pi = query.get('payment_intent')
      const data = [...refunds.values()].filter((r) => !pi || r.payment_intent === pi).reverse()
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } }
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`)
  }

  function answer(method: string, url: string, headers: Record<string, string | string[] | undefined>, raw: string): Answer {
    if (headers.authorization !== 'Bearer sk_test_fake') return stripeError(401, 'invalid_request_error', 'Invalid API Key provided')
    const { pathname, searchParams } = new URL(url, 'http://fake')
    const form = new URLSearchParams(raw)
    const key = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : null
    if (method !== 'POST' || !key) return route(method, pathname, searchParams, form)
    const params = `${pathname}?${raw}`
    const before = saved.get(key)
    if (before) {
      if (before.params !== params)
        return stripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`)
      return before.answer
    }
    const out = failures > 0 ? (failures--, serverError()) : route(method, pathname, searchParams, form)
    // Stripe saves the answer once the endpoint began: not a request it refused up front (a bad key or parameter).
    if (out.status === 200 || out.status >= 500) saved.set(key, { params, answer: out })
    return out
  }

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const out = answer(req.method ?? '', req.url ?? '', req.headers, raw)
      requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0], idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null, form: new URLSearchParams(raw), status: out.status })
      res.writeHead(out.status, { 'content-type': 'application/json', 'request-id': `req_fake_${requests.length}` })
      res.end(JSON.stringify(out.body))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as { port: number }

  return {
    intents,
    refunds,
    requests,
    /** The official SDK's gateway against this fake (no SDK retries: each request is the test's own). */
    gateway: () => createStripeGateway({ secretKey: 'sk_test_fake', client: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 } }),
    /** The next `n` POSTs answer 500 after they started: Stripe saves that answer under their key. */
    failNext(n = 1) {
      failures = n
    },
    /** The customer's card charged (what Stripe.js confirming the intent does). */
    charge(id: string) {
      const pi = intents.get(id)!
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: `ch_${id.slice(3)}` })
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
